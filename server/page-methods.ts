/**
 * Addresses whose route has no action (pages, feeds, the sitemap, share images: everything but the API) take
 * GET and HEAD only; a page whose route has an action (a form that posts to its own page: the newsletter,
 * unsubscribing) takes POST besides. Any other method is answered here with 405 and `Allow`, in the caller's
 * language, before the router, which would run the action for it or answer it as an unexpected error and log a
 * stack trace per request. The API, and any other route without a page that has an action (the relay's CORS
 * preflight, git over HTTP), answers every method itself.
 */
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { serverT } from "~/i18n/catalogs.server";
import { dirOf, localizePath, parseLocalizedPath } from "~/i18n/locales";
import { apiLocale } from "~/edge/api-route.server";
import { requestHeaders, requestUrl } from "./fetch-bridge";
import { leafRouteFinder } from "./route-match";
import { escapeHtml } from "~/lib/escape-html";

/** What the route that answers `pathname` takes: "any" when it answers every method itself. */
type Takes = "reads" | "posts" | "any";

function methodsFinder(build: ServerBuild): (pathname: string) => Takes {
  const leafRoute = leafRouteFinder(build);
  return (pathname) => {
    if (/^\/api(\/|$)/.test(pathname)) return "any";
    const leaf = leafRoute(pathname);
    // No match: the router answers it (404), whatever the method.
    if (!leaf) return "any";
    if (!leaf.module.action) return "reads";
    return leaf.module.default ? "posts" : "any";
  };
}

/** The page a path names: client navigations ask for "<page>.data", and "/_root.data" for the home page. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  return pathname.slice(0, -".data".length).replace(/\/_root$/, "/") || "/";
}

export function pageMethods(build: () => Promise<ServerBuild>, { dev = false } = {}): RequestHandler {
  let finder: Promise<(pathname: string) => Takes> | undefined;
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    // In development the routes change as files are edited.
    if (dev || !finder) finder = build().then(methodsFinder);
    finder
      .then((takes) => {
        const { pathname } = requestUrl(req);
        const route = takes(pagePath(pathname));
        if (route === "any" || (route === "posts" && req.method === "POST")) return next();
        const posts = route === "posts";
        res
          .status(405)
          .set("Allow", posts ? "GET, HEAD, POST" : "GET, HEAD")
          .set("Cache-Control", "no-store");
        const accept = req.get("accept") ?? "";
        if (pathname.endsWith(".data") || /\bapplication\/json\b/.test(accept)) {
          const t = serverT(apiLocale({ headers: requestHeaders(req) }));
          return void res.json({ message: t("api.methodNotAllowed") });
        }
        const { locale } = parseLocalizedPath(pathname);
        const message = escapeHtml(serverT(locale)("api.methodNotAllowed"));
        res
          .type("html")
          .send(
            `<!doctype html><html lang="${locale}" dir="${dirOf(locale)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>405</title>` +
              `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;text-align:center;line-height:1.6}</style>` +
              `<h1>405</h1><p>${message}</p><p><a href="${localizePath("/", locale)}">${escapeHtml(serverT(locale)("common.error.backHome"))}</a></p></html>`,
          );
      })
      .catch(next);
  };
}
