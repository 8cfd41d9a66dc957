/**
 * Notes every successful HTML answer of a public page in the visit log (app/traffic/visit-log.server.ts), the
 * document cache's answers included (a 304 to a kept document's ETag too: the browser shows the page again from
 * its own cache): it runs before the cache and looks at the answer when it has been sent.
 * Not counted: other methods, redirects, errors and 404s (bots probe for addresses that were never pages, and a
 * missing page is no view of the site), prefetches the visitor may never see, and, when the settings say so,
 * browsers that ask not to be tracked. Noting is a push to memory; the writing happens off the request path.
 */
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { readCookie } from "~/lib/cookies";
import { publicPagePath } from "~/traffic/public-page-path";
import { referrerSource } from "~/traffic/referrer";
import { noteView, optsOut, visitLogWants, visitorNameOf } from "~/traffic/visit-log.server";
import { visitorNameCookie } from "~/traffic/visitor-name";
import { requestUrl } from "./fetch-bridge";

/** Speculative loads (link prefetch, speculation rules) that the visitor may never look at. */
function isPrefetch(req: Request): boolean {
  return /prefetch/i.test(req.get("sec-purpose") ?? req.get("purpose") ?? req.get("x-moz") ?? "");
}

export function recordPageViews(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    const page = publicPagePath(req.path);
    if (!page) return next();
    const headers = { get: (name: string) => req.get(name) };
    const optedOut = optsOut(headers);
    if (!visitLogWants(optedOut) || isPrefetch(req)) return next();
    const at = Date.now();
    res.once("finish", () => {
      const shown =
        res.statusCode === 200
          ? /^text\/html/.test(String(res.getHeader("content-type") ?? ""))
          : res.statusCode === 304 && res.hasHeader("x-document-cache");
      if (!shown) return;
      noteView({
        at,
        ...page,
        referrerHost: referrerSource(req.get("referer"), requestUrl(req)),
        userAgent: req.get("user-agent") ?? "",
        address: req.ip ?? "",
        visitorName: visitorNameOf(readCookie(req.headers.cookie, visitorNameCookie)),
        optedOut,
      });
    });
    next();
  };
}
