/**
 * Serves cached HTML documents to anonymous visitors, so a popular post costs a map lookup instead of a React
 * render. Only GET/HEAD requests without personal state qualify (no cookies but the language choice, no
 * credentials, no unknown query parameters), and only documents whose route opted in at their canonical address
 * (see app/content/document-store.server.ts). Each answer carries the request's own CSP nonce.
 *
 * One page has one entry, whatever spelling of its address a request uses, so nobody can push popular pages out
 * by varying them: the key is the canonical origin and the normalised path and query. A Host that is not the
 * site's never gets here (server/site-host.ts): the origin is SITE_URL, or without it one of this machine's
 * loopback origins, whose documents differ by their canonical links.
 */
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider } from "react-router";
import {
  documentBody,
  documentCacheHeader,
  documentGeneration,
  getDocument,
  putDocument,
  type CachedDocument,
} from "~/content/document-store.server";
import { readCookie } from "~/lib/cookies";
import { configuredOrigin } from "~/lib/site-origin.server";
import { visitorNameCookie } from "~/traffic/visitor-name";
import { fetchRequest, requestUrl, sendResponse } from "./fetch-bridge";

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

/** Answers with a document, with the request's own nonce in it. */
function send(
  res: ExpressResponse,
  doc: Pick<CachedDocument, "status" | "headers">,
  body: Buffer,
  head: boolean,
  state: "hit" | "miss",
) {
  res.status(doc.status);
  for (const [name, value] of doc.headers) res.append(name, value);
  res.setHeader("X-Document-Cache", state);
  // res.end, not res.send: no body hash for an ETag that the per-request nonce would change anyway.
  res.setHeader("Content-Length", body.length);
  res.end(head ? undefined : body);
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
    if (hit) return send(res, hit, documentBody(hit, nonce), req.method === "HEAD", "hit");
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
        const body = await response.text();
        putDocument(key, { status: response.status, headers, body, nonce }, renderedFrom);
        return send(res, { status: response.status, headers }, Buffer.from(body), false, "miss");
      }
      await sendResponse(res, response, headers);
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  };
}
