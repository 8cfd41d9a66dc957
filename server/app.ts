/**
 * The application as an Express sub-app. Vite builds this file together with the routes (see vite.config.ts),
 * so everything here shares one module graph with the loaders: one database connection, one set of caches.
 */
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { apiContext } from "~/lib/api.server";
import { isCrossSiteMutation } from "~/lib/same-origin.server";
import { ensureSetupToken, setupTokenPath } from "~/install/setup-token.server";
import { requestInfoContext } from "~/request-context";
import { getAppConfig, readAppConfig } from "~/settings/app-config.server";

export const app = express();
app.disable("x-powered-by");

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(req, res) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { nonce: String(res.locals.nonce ?? ""), ip: req.ip ?? "" });
      return context;
    },
  }),
);

// Before installation only the installer's calls are open: nobody can register or post while the site is
// being set up.
app.use("/api", (req, res, next) => {
  if (req.path.startsWith("/install/")) return next();
  getAppConfig()
    .then((config) => config.installed)
    .catch(() => false)
    .then((installed) => {
      if (installed) return next();
      const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host")}`);
      const request = new Request(url, { headers: { "accept-language": req.get("accept-language") ?? "", "x-locale": req.get("x-locale") ?? "" } });
      res.status(503).json({ message: apiContext(request).t("install.error.notInstalled") });
    }, next);
});

/**
 * Work to do once when the server starts, before it takes requests. Returns lines for the console: while the
 * site is not installed, the installer's address with its one-time setup token.
 */
export async function onServerStart(baseUrl: string): Promise<string[]> {
  const installed = await readAppConfig()
    .then((config) => config.installed)
    .catch(() => false);
  if (installed) return [];
  const token = ensureSetupToken();
  return [
    "Daftar is not installed yet. Open the installer with its one-time setup token:",
    `  ${baseUrl}/?setup=${encodeURIComponent(token)}`,
    `(The token is also in ${setupTokenPath()}.)`,
  ];
}

/** Work to do when the server stops: close what the app opened. */
export async function onServerStop(): Promise<void> {
  const { closeDatabase } = await import("~/db/client.server");
  await closeDatabase();
}
