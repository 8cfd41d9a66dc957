/**
 * Express requests as Fetch requests for React Router, and Fetch responses written back: one adapter for the
 * document cache and the router, so both see the same address and the body the front already checked.
 */
import { type Readable } from "node:stream";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { compactAnswer } from "./compact-answer";

/**
 * The request's address as the app sees it (behind a trusted proxy, with the forwarded protocol and host). Built
 * by concatenation, not resolved against a base: "//x/y" is a path on this site, not the host x.
 */
export function requestUrl(req: ExpressRequest): URL {
  const address = `${req.protocol}://${req.host ?? "localhost"}${req.originalUrl}`;
  const made = madeUrls.get(req);
  if (made?.address === address) return made.url;
  const url = new URL(address);
  madeUrls.set(req, { address, url });
  return url;
}

/**
 * Each request's address, parsed once: the front asks for it several times per request (the body limit, the
 * document cache, the visit log). Read only: nobody changes a URL it is given.
 */
const madeUrls = new WeakMap<ExpressRequest, { address: string; url: URL }>();

export function requestHeaders(req: ExpressRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** The body server/body-limit.ts read, within its limit. */
export function checkedBody(res: ExpressResponse): Buffer | undefined {
  return res.locals.body as Buffer | undefined;
}

/** A streamed route's body as it arrives, counted by server/body-limit.ts. */
function streamedBody(res: ExpressResponse): Readable | undefined {
  return res.locals.bodyStream as Readable | undefined;
}

/**
 * A Node stream as a web stream, read only as the reader asks (pull), and destroyed when the reader stops early:
 * a reader that refuses a body midway leaves nothing flowing behind it.
 */
function webStream(stream: Readable): ReadableStream<Uint8Array> {
  const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.length));
      },
      async cancel() {
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** A Fetch request for the app; aborted when the client goes away before the answer is complete. */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const reads = req.method !== "GET" && req.method !== "HEAD";
  const stream = reads ? streamedBody(res) : undefined;
  const body = reads && !stream ? checkedBody(res) : undefined;
  return new Request(requestUrl(req), {
    method: req.method,
    headers: requestHeaders(req),
    signal: controller.signal,
    ...(stream
      ? { body: webStream(stream), duplex: "half" }
      : { body: body?.length ? new Uint8Array(body) : undefined }),
  } as RequestInit);
}

/**
 * Writes `response` (with `headers`, by default its own) to the client: a JSON answer in one piece, compressed as
 * the client prefers (./compact-answer.ts), anything else streamed.
 */
export async function sendResponse(
  res: ExpressResponse,
  response: Response,
  headers: Iterable<[string, string]> = response.headers,
): Promise<void> {
  // The body is read before anything is set: a body that fails to read leaves the answer to the error handler,
  // without this answer's status and headers (its cookies, its caching).
  const compact = await compactAnswer(res.req, response);
  res.status(response.status);
  for (const [name, value] of headers) res.append(name, value);
  if (!response.body) return void res.end();
  if (!compact) return writeReadableStreamToWritable(response.body, res);
  res.vary("Accept-Encoding");
  if (compact.encoding) res.setHeader("Content-Encoding", compact.encoding);
  res.setHeader("Content-Length", compact.body.length);
  // Already encoded as negotiated: the compression middleware leaves it alone (server/http.ts).
  res.locals.negotiated = true;
  res.end(compact.body);
}
