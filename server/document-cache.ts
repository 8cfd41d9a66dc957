/**
 * Serves cached HTML documents, so a popular post costs a map lookup instead of a React render. A public content
 * page is the same document for every reader (its route's `handle` is `sharedDocument`,
 * app/content/shared-document.ts): it is rendered as for an anonymous visitor, with no session, and what belongs
 * to the reader (the account menu, "Edit this page", the comment form's name) comes after it from the session's
 * own call. So a signed-in reader gets the kept document too. Only GET/HEAD requests qualify, without cookies
 * that change the answer (the session's is one that does not: see `sharedCookie`), credentials or unknown query
 * parameters, and only documents whose route opted in at their canonical address (see
 * app/content/document-store.server.ts). A document is kept as it will be sent, in brotli, gzip and
 * uncompressed, compressed once when it is kept (zlib's threads, not the server's); its policy names its inline
 * scripts by hash (server/script-hashes.ts), so no answer rewrites it.
 *
 * Readers who miss the same page at once (after a publish empties the store) wait for one rendering of it and are
 * answered with its bytes (`X-Document-Cache: joined`), so a burst costs one render, not one each.
 *
 * One page has one entry, whatever spelling of its address a request uses, so nobody can push popular pages out
 * by varying them: the key is the canonical origin and the normalised path and query. A Host that is not the
 * site's never gets here (server/site-host.ts): the origin is SITE_URL, or without it one of this machine's
 * loopback origins, whose documents differ by their canonical links.
 */
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { RouterContextProvider, ServerBuild } from "react-router";
import { hasSessionHint, sessionHintName } from "~/auth/session-hint";
import { sessionCookieName } from "~/auth/sessions.server";
import {
  documentCacheHeader,
  documentGeneration,
  getDocument,
  keepableDocument,
  putDocument,
  type CachedDocument,
} from "~/content/document-store.server";
import { sharesDocument } from "~/content/shared-document";
import { localeCookieName } from "~/i18n/locales";
import { readCookie } from "~/lib/cookies";
import { configuredOrigin } from "~/lib/site-origin.server";
import { visitorNameCookie } from "~/traffic/visitor-name";
import { preferredEncoding } from "./accept-encoding";
import { fetchRequest, requestUrl, sendResponse } from "./fetch-bridge";
import { keptDocument } from "./kept-document";
import { leafRouteFinder } from "./route-match";

/** The statuses of documents that are kept: a page, and a page that was deleted (410 Gone). */
const keptStatuses = new Set([200, 410]);

/** A kept redirect: its headers (Location first of all) and no body, in every encoding alike. */
function keptRedirect(headers: [string, string][]): Kept {
  const empty = { body: Buffer.alloc(0), etag: "" };
  return { status: 301, headers, representations: { br: empty, gzip: empty, identity: empty } };
}

/** Query parameters of cacheable pages (listings); anything else bypasses the cache. */
const cacheableParams = new Set(["page", "category"]);

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>;
/** A document as kept, before the store gives it its expiry. */
type Kept = Omit<CachedDocument, "expires">;

/**
 * The cookies a shared document may be sent to. The language choice and the identity's name for the visit log
 * change nothing on a page (except that the language sends someone who chose English from an unprefixed address
 * to the English page: root.tsx); the session changes only the reader's own parts, which come from its own call,
 * made when the session hint says there may be a session (app/auth/session-hint.ts). Any other cookie may change
 * the answer (a flash message to show once, the installer's setup token, a sign-in on its way), so its request
 * is rendered for it; so is a session without its hint, whose page would not ask who is signed in (the answer
 * brings the hint: server/session-hint.ts).
 */
const sharedCookies = new Set([localeCookieName, visitorNameCookie, sessionCookieName, sessionHintName]);
/** Of those, the ones a shared document is rendered with: none that says who the reader is. */
const renderedCookies = new Set([localeCookieName, visitorNameCookie]);

function cookieNames(header: string): string[] {
  return header
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter(Boolean);
}

export function isCacheableRequest(req: ExpressRequest): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.headers.authorization) return false;
  const url = requestUrl(req);
  if (url.pathname.endsWith(".data") || url.pathname.startsWith("/api/")) return false;
  for (const key of url.searchParams.keys()) if (!cacheableParams.has(key)) return false;
  const cookie = req.headers.cookie;
  if (cookie) {
    const names = cookieNames(cookie);
    if (names.some((name) => !sharedCookies.has(name))) return false;
    if (names.includes(sessionCookieName) && !hasSessionHint(cookie)) return false;
    if (readCookie(cookie, localeCookieName) === "en" && !/^\/(fa|en)(\/|$)/.test(url.pathname)) return false;
  }
  return true;
}

/** The request as an anonymous visitor's: without the cookies that say who the reader is. */
function anonymousRequest(request: Request): Request {
  const cookie = request.headers.get("cookie");
  if (!cookie) return request;
  const kept = cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => renderedCookies.has(part.split("=")[0]!.trim()));
  const headers = new Headers(request.headers);
  if (kept.length) headers.set("cookie", kept.join("; "));
  else headers.delete("cookie");
  return new Request(request, { headers });
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
  state: "hit" | "miss" | "joined",
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
  // A redirect has no representation to validate: it is answered whole.
  if (etag) res.setHeader("ETag", etag);
  res.setHeader("X-Document-Cache", state);
  if (etag && notModified(req, etag)) {
    res.removeHeader("Content-Type");
    return res.status(304).end();
  }
  res.status(doc.status);
  if (encoding !== "identity" && body.length > 0) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function documentCache(
  build: () => Promise<ServerBuild>,
  handle: Handler,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider,
): RequestHandler {
  let leafRoute: Promise<ReturnType<typeof leafRouteFinder>> | undefined;
  const sharedRoute = async (pathname: string) => {
    leafRoute ??= build().then(leafRouteFinder);
    return sharesDocument((await leafRoute)(pathname)?.module.handle);
  };
  // Fills under way, by generation and key: a request that misses while the same document is being rendered
  // waits for that rendering instead of making its own (after a publish, many readers miss at once).
  const filling = new Map<string, Promise<Kept | undefined>>();
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const nonce = String(res.locals.nonce ?? "");
    const key = cacheKey(req);
    const hit = getDocument(key);
    if (hit) return send(req, res, hit, "hit");
    if (req.method !== "GET") return next();
    try {
      if (!(await sharedRoute(requestUrl(req).pathname))) return next();
    } catch (error) {
      return next(error);
    }
    const renderedFrom = documentGeneration();
    const fill = `${renderedFrom} ${key}`;
    const underway = filling.get(fill);
    if (underway) {
      const doc = await underway;
      if (doc) return send(req, res, doc, "joined");
      // That rendering was not kept (too large, an error, content changed meanwhile): render this one.
    }
    let filled: (doc: Kept | undefined) => void = () => {};
    if (!underway) {
      filling.set(fill, new Promise((resolve) => (filled = resolve)));
    }
    // A document that may be kept is rendered whole, not streamed (app/entry.server.tsx), and as nobody's.
    res.locals.wholeDocument = true;
    res.locals.sharedDocument = true;
    try {
      const response = await handle(anonymousRequest(fetchRequest(req, res)), loadContext(req, res));
      const optedIn = response.headers.get(documentCacheHeader) === "public" && !response.headers.has("set-cookie");
      const cacheable =
        optedIn && keptStatuses.has(response.status) && /^text\/html/.test(response.headers.get("content-type") ?? "");
      const headers = [...response.headers].filter(
        ([name]) => name !== documentCacheHeader && name !== "content-length",
      );
      if (optedIn && response.status === 301 && response.headers.has("location")) {
        // A page that moved: the same answer for every reader, kept without a body.
        const doc = keptRedirect(headers.filter(([name]) => name !== "content-type"));
        if (keepableDocument(0, renderedFrom)) putDocument(key, doc, renderedFrom);
        filled(doc);
        return send(req, res, doc, "miss");
      }
      if (cacheable) {
        const html = await response.text();
        if (keepableDocument(Buffer.byteLength(html), renderedFrom)) {
          const policy = res.getHeader("content-security-policy");
          const doc = await keptDocument({ status: response.status, headers, html }, nonce, policy?.toString());
          putDocument(key, doc, renderedFrom);
          filled(doc);
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
    } finally {
      filled(undefined);
      if (!underway) filling.delete(fill);
    }
  };
}
