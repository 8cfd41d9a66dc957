/**
 * The application as an Express sub-app. Vite builds this file together with the routes (see vite.config.ts),
 * so everything here shares one module graph with the loaders: one database connection, one set of caches.
 */
import { createRequestHandler } from "@react-router/express";
import express, { type Request, type Response } from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/api.server";
import { isCrossSiteMutation } from "~/lib/same-origin.server";
import { requestInfoContext } from "~/request-context";
import { documentCache } from "./document-cache";

export const app = express();
app.disable("x-powered-by");

const build = () => import("virtual:react-router/server-build");

function getLoadContext(req: Request, res: Response) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { nonce: String(res.locals.nonce ?? ""), ip: req.ip ?? "" });
  return context;
}

// Cross-site form posts and fetches never reach a loader or action (see isCrossSiteMutation).
app.use((req, res, next) => {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  if (!isCrossSiteMutation(req.method, url, headers)) return next();
  res.status(403).json({ message: apiContext(new Request(url, { headers })).t("api.crossOrigin") });
});

// Public pages for anonymous visitors come from memory when they can (server/document-cache.ts); not in
// development, where every edit must show.
if (!import.meta.env.DEV) app.use(documentCache(createFetchHandler(build, "production"), getLoadContext));

app.use(createRequestHandler({ build, getLoadContext }));

/** Work to do once when the server starts, before it takes requests. */
export async function onServerStart(): Promise<void> {
  // Warm the content caches (highlighter, catalog, search index) in the background; requests do not wait.
  const { warmContent } = await import("~/content/warm.server");
  warmContent();
}

/** Work to do when the server stops: close what the app opened. */
export async function onServerStop(): Promise<void> {
  const { closeDatabase } = await import("~/db/client.server");
  await closeDatabase();
}
