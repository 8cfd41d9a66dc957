/**
 * Serves cached HTML documents to anonymous visitors, so a popular post costs a map lookup instead of a React
 * render. Only GET/HEAD requests without personal state qualify (no cookies but the language choice, no
 * credentials, no unknown query parameters), and only documents whose route opted in at their canonical address
 * (see app/content/document-store.server.ts). A document is kept as it will be sent, in brotli, gzip and
 * uncompressed, compressed once when it is kept (zlib's threads, not the server's); its policy names its inline
 * scripts by hash (server/script-hashes.ts), so no answer rewrites it.
 *
 * One page has one entry, whatever spelling of its address a request uses, so nobody can push popular pages out
 * by varying them: the key is the canonical origin and the normalised path and query. A Host that is not the
 * site's never gets here (server/site-host.ts): the origin is SITE_URL, or without it one of this machine's
 * loopback origins, whose documents differ by their canonical links.
 */
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider } from "react-router";
import {
  documentCacheHeader,
  documentGeneration,
  getDocument,
  keepableDocument,
  putDocument,
  type CachedDocument,
} from "~/content/document-store.server";
import { readCookie } from "~/lib/cookies";
import { configuredOrigin } from "~/lib/site-origin.server";
import { visitorNameCookie } from "~/traffic/visitor-name";
import { preferredEncoding } from "./accept-encoding";
import { fetchRequest, requestUrl, sendResponse } from "./fetch-bridge";
import { keptDocument } from "./kept-document";

/** Query parameters of cacheable pages (listings); anything else bypasses the cache. */
const cacheableParams = new Set(["page", "category"]);

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export function isCacheableRequest(req: ExpressRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  const url = requestUrl(req);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/api/")) return false;
  for (const key of url.searchParams.keys()) if (!cacheableParams.has(key)) return false;
  const cookie = req.headers.cookie;
  if (cookie) {
    // The language choice and the identity's name for the visit log are the cookies that change nothing on a
    // page, except that the language sends someone who chose English from an unprefixed address to the English
    // page (root.tsx).
    const names = cookie
      .split(";")
      .map((part) => part.split("=")[0]!.trim())
      .filter(Boolean);
    if (names.some((name) => name !== "locale" && name !== visitorNameCookie)) return false;
    if (readCookie(cookie, "locale") === "en" && !/^\/(fa|en)(\/|$)/.test(url.pathname)) return false;
  }
  return true;
}

/** The entry's key: the page's canonical origin, path and query. */
function cacheKey(req: ExpressRequest): string {
  const url = requestUrl(req);
  return `${configuredOrigin() ?? url.origin}${url.pathname}${url.search}`;
}

/** Whether If-None-Match names `etag` (compared weakly, as for GET and HEAD). */
function notModified(req: ExpressRequest, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** Answers with a kept document in the encoding the request prefers, as stored. */
function send(
  req: ExpressRequest,
  res: ExpressResponse,
  doc: Pick<CachedDocument, "status" | "headers" | "representations">,
  state: "hit" | "miss",
) {
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  const { body, etag } = doc.representations[encoding];
  // Already encoded as negotiated: the compression middleware leaves it alone (server/http.ts).
  res.locals.negotiated = true;
  for (const [name, value] of doc.headers) {
    if (name === "content-security-policy") res.setHeader(name, value);
    else res.append(name, value);
  }
  res.vary("Accept-Encoding");
  res.setHeader("ETag", etag);
  res.setHeader("X-Document-Cache", state);
  if (notModified(req, etag)) {
    res.removeHeader("Content-Type");
    return res.status(304).end();
  }
  res.status(doc.status);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function documentCache(
  handle: Handler,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider,
): RequestHandler {
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const nonce = String(res.locals.nonce ?? "");
    const key = cacheKey(req);
    const hit = getDocument(key);
    if (hit) return send(req, res, hit, "hit");
    if (req.method !== "GET") return next();
    // A document that may be kept is rendered whole, not streamed (app/entry.server.tsx).
    res.locals.wholeDocument = true;
    const renderedFrom = documentGeneration();
    try {
      const response = await handle(fetchRequest(req, res), loadContext(req, res));
      const cacheable =
        response.headers.get(documentCacheHeader) === "public" &&
        response.status === 200 &&
        !response.headers.has("set-cookie") &&
        /^text\/html/.test(response.headers.get("content-type") ?? "");
      const headers = [...response.headers].filter(
        ([name]) => name !== documentCacheHeader && name !== "content-length",
      );
      if (cacheable) {
        const html = await response.text();
        if (keepableDocument(Buffer.byteLength(html), renderedFrom)) {
          const policy = res.getHeader("content-security-policy");
          const doc = await keptDocument({ status: response.status, headers, html }, nonce, policy?.toString());
          putDocument(key, doc, renderedFrom);
          return send(req, res, doc, "miss");
        }
        // Not kept: sent as rendered, with the request's nonce.
        for (const [name, value] of headers) res.append(name, value);
        res.setHeader("X-Document-Cache", "miss");
        return res.status(response.status).end(html);
      }
      await sendResponse(res, response, headers);
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  };
}
