/**
 * Request bodies are limited here, before any route reads them: a declared Content-Length over the limit is
 * refused at once, and a body is counted as it arrives (chunked bodies declare nothing), refused the moment it
 * passes the limit. Refused means 413 in the caller's language and the connection closed, so the rest of the
 * body is never read. A body within its limit is kept for the app (server/fetch-bridge.ts). A body sent compressed
 * (gzip or deflate) is decoded here and held to the same limit by its decoded size, so a small body cannot become
 * a large one inside the app; the app sees the decoded body.
 */
import { Transform } from "node:stream";
import { createGunzip, createInflate } from "node:zlib";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { serverT } from "~/i18n/catalogs.server";
import { apiLocale } from "~/edge/api-route.server";
import { requestHeaders, requestUrl } from "./fetch-bridge";

/**
 * Every JSON call and form: the largest the API takes (a comment, the site's settings, a page of roles) is a few
 * kilobytes, so 64 KB leaves room without letting one request hold much memory.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/**
 * Larger limits for routes that take uploads, by path prefix (the longest matching prefix wins). A `streamed`
 * route gets its body as it arrives (counted all the same, never gathered here): its service writes it to the
 * disk, so an upload of many megabytes never sits in memory.
 */
export const BODY_LIMITS: readonly {
  prefix: string;
  bytes: number;
  streamed?: true;
  /**
   * How long the connection may stay silent while the route works on the body it has (the server's idle bound
   * is shorter): an export of thousands of posts takes a minute or more to read on a busy machine.
   */
  workMs?: number;
}[] = [
  // A page as the editor saves or previews it: front matter and markdown of up to 400 000 characters.
  { prefix: "/api/builds/commit", bytes: 2 * 1024 * 1024 },
  { prefix: "/api/builds/preview", bytes: 2 * 1024 * 1024 },
  // An image (the service refuses more than 10 MB with its own message; this stops far larger bodies early).
  { prefix: "/api/media/upload", bytes: 12 * 1024 * 1024 },
  // A profile picture, cropped by the browser (and the site icon's source image).
  { prefix: "/api/users/avatar", bytes: 12 * 1024 * 1024 },
  { prefix: "/api/settings/icon", bytes: 12 * 1024 * 1024 },
  // An export from WordPress or Ghost, streamed to a temporary file (app/import/uploads.server.ts refuses more
  // than 64 MB with its message; this is the backstop).
  { prefix: "/api/import/upload", bytes: 65 * 1024 * 1024, streamed: true, workMs: 10 * 60_000 },
  // The preview again with the languages chosen: the export is read again.
  { prefix: "/api/import/preview", bytes: DEFAULT_BODY_LIMIT, workMs: 10 * 60_000 },
  // The old site's uploads as a zip, streamed to the disk (app/import/media-uploads.server.ts refuses more than
  // 1 GB with its message; this is the backstop).
  { prefix: "/api/import/media", bytes: 1025 * 1024 * 1024, streamed: true },
  // A git client's wants and haves: one round of at most 4 096 haves of 50 bytes, and a few wants
  // (app/builds/git/upload-pack.server.ts).
  { prefix: "/git/", bytes: 256 * 1024 },
];

/** Whether `pathname` is `prefix` or lies under it: "/api/builds/preview" is not "/api/builds/preview-links". */
const under = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);

function limitEntry(pathname: string) {
  let best: (typeof BODY_LIMITS)[number] | undefined;
  for (const entry of BODY_LIMITS) {
    if (under(pathname, entry.prefix) && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best;
}

export function bodyLimitFor(pathname: string): number {
  return limitEntry(pathname)?.bytes ?? DEFAULT_BODY_LIMIT;
}

function refuse(req: ExpressRequest, res: ExpressResponse, status: 400 | 413 = 413) {
  if (res.headersSent) return;
  const t = serverT(apiLocale({ headers: requestHeaders(req) }));
  // Closing the connection after the answer is what stops the rest of the body: Node reads no further.
  res
    .status(status)
    .set("Connection", "close")
    .set("Cache-Control", "no-store")
    .json({ message: t(status === 413 ? "api.tooLarge" : "api.invalidInput") });
}

/** Decoders of the content codings a body may arrive in; any other coding reaches the app as the bytes it is. */
const decoders: Record<string, () => Transform> = {
  gzip: () => createGunzip(),
  "x-gzip": () => createGunzip(),
  deflate: () => createInflate(),
};

export function limitBodies(): RequestHandler {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const entry = limitEntry(requestUrl(req).pathname);
    const limit = entry?.bytes ?? DEFAULT_BODY_LIMIT;
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > limit) return refuse(req, res);
    if (declared === undefined && req.headers["transfer-encoding"] === undefined) return next();
    const coding = String(req.headers["content-encoding"] ?? "")
      .trim()
      .toLowerCase();
    if (entry?.workMs) allowWork(req, res, entry.workMs);
    if (entry?.streamed) return streamBody(req, res, next, limit, coding);
    const decoder = decoders[coding]?.();
    const chunks: Buffer[] = [];
    let received = 0;
    let kept = 0;
    let done = false;
    const stop = () => {
      done = true;
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      chunks.length = 0;
      decoder?.destroy();
    };
    const fail = (status: 400 | 413) => {
      if (done) return;
      stop();
      req.pause();
      refuse(req, res, status);
    };
    const keep = (chunk: Buffer) => {
      if (done) return;
      kept += chunk.length;
      if (kept > limit) return fail(413);
      chunks.push(chunk);
    };
    const finish = () => {
      if (done) return;
      const body = Buffer.concat(chunks, kept);
      stop();
      if (decoder) {
        // The app gets the body as it decoded: its coding is done with.
        delete req.headers["content-encoding"];
        req.headers["content-length"] = String(body.length);
        delete req.headers["transfer-encoding"];
      }
      res.locals.body = body;
      next();
    };
    // A compressed body is held to the limit twice: as it arrives, and as it decodes (decoding stops there).
    decoder?.on("data", keep);
    decoder?.on("end", finish);
    decoder?.on("error", () => fail(400));
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) return fail(413);
      if (decoder) decoder.write(chunk);
      else keep(chunk);
    };
    const onEnd = () => {
      if (decoder) decoder.end();
      else finish();
    };
    // The client went away mid-body: nobody to answer, and nothing worth a log line.
    const onError = () => {
      stop();
      res.destroy();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  };
}

/**
 * The connection may stay silent for `ms` while the route works (a route that is refused answers at once, and
 * its connection is closed with the answer). An answer that was sent in full leaves the connection to the
 * server's keep-alive time, which Node sets as it finishes (putting the idle bound back would close it sooner
 * than the time the answer advertised); the server's idle bound comes back only for one cut short.
 */
function allowWork(req: ExpressRequest, res: ExpressResponse, ms: number) {
  const socket = req.socket;
  const idle = socket.timeout ?? 0;
  socket.setTimeout(ms);
  res.once("close", () => {
    if (!socket.destroyed && !res.writableFinished) socket.setTimeout(idle);
  });
}

/**
 * A streamed route's body: handed on as it arrives (`res.locals.bodyStream`), counted, and cut at the limit
 * with the same 413 (the reader then sees the stream fail). Files are sent as they are: a content coding is
 * refused rather than decoded here, so the count is the count of what the route reads.
 */
function streamBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction, limit: number, coding: string) {
  if (coding !== "" && coding !== "identity") return refuse(req, res, 400);
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) {
        refuse(req, res);
        req.unpipe(counted);
        callback(new BodyTooLarge());
        return;
      }
      callback(null, chunk);
    },
  });
  // The client went away mid-body: the reader sees the stream fail, and removes what it wrote.
  const gone = () => {
    if (!req.complete) counted.destroy(new Error("the request's body was cut off"));
  };
  req.once("error", gone);
  req.once("close", gone);
  // Answered before the body ended (the route refused it): the rest is not read, the connection is closed.
  res.once("finish", () => {
    if (req.complete) return;
    req.unpipe(counted);
    req.socket.end();
    setTimeout(() => req.socket.destroy(), 1000).unref();
  });
  req.pipe(counted);
  res.locals.bodyStream = counted;
  next();
}

/** The error a streamed body fails with past its limit (the answer, 413, is already sent). */
export class BodyTooLarge extends Error {
  constructor() {
    super("the request's body is larger than its limit");
    this.name = "BodyTooLarge";
  }
}
