/**
 * The application as an Express sub-app. Vite builds this file together with the routes (see vite.config.ts),
 * so everything here shares one module graph with the loaders: one database connection, one set of caches.
 */
import { createRequestHandler } from "@react-router/express";
import express, { type Request, type Response } from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { config } from "~/config.server";
import { markServerRunning, markServerStopped } from "~/db/running-servers.server";
import { serverT } from "~/i18n/catalogs.server";
import { ensureSetupToken, setupTokenPath } from "~/install/setup-token.server";
import { apiLocale } from "~/lib/api.server";
import { isCrossSiteMutation, isSafeMethod } from "~/lib/same-origin.server";
import { requestInfoContext } from "~/request-context";
import { readAppConfig } from "~/settings/app-config.server";
import { documentCache } from "./document-cache";

export const app = express();
app.disable("x-powered-by");

const build = () => import("virtual:react-router/server-build");

function getLoadContext(req: Request, res: Response) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    nonce: String(res.locals.nonce ?? ""),
    ip: req.ip ?? "",
    wholeDocument: res.locals.wholeDocument === true,
  });
  return context;
}

function fetchRequestOf(req: Request): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  return new globalThis.Request(url, { headers });
}

// Cross-site form posts and fetches never reach a loader or action (see isCrossSiteMutation).
app.use((req, res, next) => {
  if (isSafeMethod(req.method)) return next();
  const request = fetchRequestOf(req);
  if (!isCrossSiteMutation(req.method, new URL(request.url), request.headers)) return next();
  res.status(403).json({ message: serverT(apiLocale(request))("api.crossOrigin") });
});

// Which API calls answer before installation is decided by each route (see `gate` in app/lib/api.server.ts).

// Public pages for anonymous visitors come from memory when they can (server/document-cache.ts); not in
// development, where every edit must show.
if (!import.meta.env.DEV) app.use(documentCache(createFetchHandler(build, "production"), getLoadContext));

app.use(createRequestHandler({ build, getLoadContext }));

/**
 * Work to do once when the server starts, before it takes requests. Returns lines for the console: while the
 * site is not installed, the installer's address with its one-time setup token.
 */
export async function onServerStart(baseUrl: string): Promise<string[]> {
  // A restore refuses to replace the database under a running server.
  markServerRunning(config().dataDir);
  const installed = await readAppConfig()
    .then((config) => config.installed)
    .catch(() => false);
  if (!installed) {
    const token = ensureSetupToken();
    return [
      "Daftar is not installed yet. Open the installer with its one-time setup token:",
      `  ${baseUrl}/?setup=${encodeURIComponent(token)}`,
      `(The token is also in ${setupTokenPath()}.)`,
    ];
  }
  // Warm the content caches (highlighter, catalog, search index) in the background; requests do not wait.
  const { warmContent } = await import("~/content/warm.server");
  warmContent();
  return [];
}

/** Work to do when the server stops: close what the app opened. */
export async function onServerStop(): Promise<void> {
  const { closeDatabase } = await import("~/db/client.server");
  await closeDatabase();
  markServerStopped(config().dataDir);
}
