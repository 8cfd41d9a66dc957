/**
 * The application as an Express sub-app. Vite builds this file together with the routes (see vite.config.ts),
 * so everything here shares one module graph with the loaders: one database connection, one set of caches.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import express, { type Request, type Response } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { config } from "~/config.server";
import { markServerRunning, markServerStopped } from "~/db/running-servers.server";
import { serverT } from "~/i18n/catalogs.server";
import { ensureSetupToken, setupTokenPath } from "~/install/setup-token.server";
import { apiLocale } from "~/edge/api-route.server";
import { memoiseLoad } from "~/lib/memoise-load";
import { isCrossSiteMutation, isSafeMethod } from "~/lib/same-origin.server";
import { handleRelayUpgrade as relayUpgrade } from "~/nostr/relay/relay.server";
import { requestInfoContext } from "~/request-context";
import { readAppConfig } from "~/settings/app-config.server";
import { limitBodies } from "./body-limit";
import { documentCache } from "./document-cache";
import { fetchRequest, requestHeaders, requestUrl, sendResponse } from "./fetch-bridge";
import { pageMethods } from "./page-methods";
import { withSessionHint } from "./session-hint";
import { refuseMisdirectedUpgrade, refuseOtherHosts } from "./site-host";
import { recordPageViews } from "./visit-log";

export const app = express();
app.disable("x-powered-by");

const importBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
type Handler = ReturnType<typeof createRequestHandler>;

/**
 * The build and the router's handler. In development the build is imported again for every request, since
 * routes change as files are edited. In production it is imported once and the handler made once from it: given
 * a function, React Router derives its routes and matcher again for every request, and each dynamic import goes
 * through the module loader's hooks; the two were a fifth of the server's time under load.
 */
const production = memoiseLoad(() =>
  importBuild().then((build) => ({ build, handle: createRequestHandler(build, "production") })),
).get;
const build = import.meta.env.DEV ? importBuild : () => production().then((p) => p.build);
const handle: Handler = import.meta.env.DEV
  ? createRequestHandler(importBuild, "development")
  : async (request, context) => (await production()).handle(request, context);

function getLoadContext(req: Request, res: Response) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    nonce: String(res.locals.nonce ?? ""),
    ip: req.ip ?? "",
    wholeDocument: res.locals.wholeDocument === true,
    sharedDocument: res.locals.sharedDocument === true,
  });
  return context;
}

// A Host that is not the site's is refused before anything builds an address from it (server/site-host.ts).
app.use(refuseOtherHosts);

// Bodies are read and limited before anything else sees them (server/body-limit.ts).
app.use(limitBodies());

// Cross-site form posts and fetches never reach a loader or action (see isCrossSiteMutation).
app.use((req, res, next) => {
  if (isSafeMethod(req.method)) return next();
  const headers = requestHeaders(req);
  if (!isCrossSiteMutation(req.method, requestUrl(req), headers)) return next();
  res.status(403).json({ message: serverT(apiLocale({ headers }))("api.crossOrigin") });
});

// Pages take GET and HEAD only; the API answers other methods itself.
app.use(pageMethods(build, { dev: import.meta.env.DEV }));

// Public page views are noted for the visit log, those the document cache answers included.
app.use(recordPageViews());

// Which API calls answer before installation is decided by each route (see `gate` in app/edge/api-route.server.ts).

// Public pages come from memory when they can, for every reader (server/document-cache.ts); not in development,
// where every edit must show.
if (!import.meta.env.DEV) app.use(documentCache(build, handle, getLoadContext));

app.use(async (req, res, next) => {
  try {
    const request = fetchRequest(req, res);
    const response = await handle(request, getLoadContext(req, res));
    await sendResponse(res, response, withSessionHint(req, request, response.headers));
  } catch (error) {
    if (res.headersSent) res.destroy(error as Error);
    else next(error);
  }
});

/**
 * WebSocket upgrades from `clientAddress`: refused for a Host that is not the site's, else the relay's (false:
 * not the relay's address).
 */
export function handleRelayUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, clientAddress: string): boolean {
  if (refuseMisdirectedUpgrade(req, socket, config().trustProxy !== false)) return true;
  return relayUpgrade(req, socket, head, clientAddress);
}

let stopBackground: (() => Promise<void>) | undefined;

/**
 * Work to do once when the server starts, before it takes requests. Returns lines for the console: while the
 * site is not installed, the installer's address with its one-time setup token.
 */
export async function onServerStart(baseUrl: string): Promise<string[]> {
  // A restore refuses to replace the database under a running server.
  markServerRunning(config().dataDir);
  // Other instances' changes reach this one's caches through the change log; housekeeping is shared by all.
  const { followChanges } = await import("~/cluster/change-feed.server");
  const { startHousekeeping } = await import("./housekeeping");
  const { startVisitLog } = await import("~/traffic/visit-log.server");
  const { startVisitLogJobs } = await import("~/traffic/summaries.server");
  const { startPublishing } = await import("~/builds/background.server");
  const { startMailing } = await import("~/mail/outbox.server");
  const { startModerationDigests } = await import("~/comments/notices.server");
  const { startInboxNotices } = await import("~/nostr/inbox-notice.server");
  const { configuredOrigin } = await import("~/lib/site-origin.server");
  const { startNewsletter } = await import("~/newsletter/sends.server");
  const follower = followChanges();
  const stopHousekeeping = startHousekeeping();
  startVisitLog();
  const stopVisitLogJobs = startVisitLogJobs();
  const notes = await applyPendingMigrations();
  const installed = await readAppConfig()
    .then((config) => config.installed)
    .catch(() => false);
  // Published builds' pushes and this instance's copy of the site's repository.
  const stopPublishing = startPublishing({ installed });
  // The outbox, sent by whichever instance holds its lease.
  const stopMailing = startMailing();
  // The moderators' daily digests, decided by whichever instance holds their lease.
  const stopDigests = startModerationDigests(configuredOrigin() ?? baseUrl);
  const stopInboxNotices = startInboxNotices(configuredOrigin() ?? baseUrl);
  // New posts to the newsletter's subscribers: due posts into sends, sends fanned out into the outbox.
  const stopNewsletter = startNewsletter();
  stopBackground = async () => {
    follower.stop();
    await Promise.all([
      stopHousekeeping(),
      stopVisitLogJobs(),
      stopPublishing(),
      stopMailing(),
      stopDigests(),
      stopInboxNotices(),
      stopNewsletter(),
    ]);
  };
  if (!installed) {
    const token = ensureSetupToken();
    return [
      "Daftar is not installed yet. Open the installer with its one-time setup token:",
      `  ${baseUrl}/?setup=${encodeURIComponent(token)}`,
      `(The token is also in ${setupTokenPath()}.)`,
      ...notes,
    ];
  }
  // Warm the content caches (highlighter, catalog, search index) in the background; requests do not wait.
  const { warmContent } = await import("~/content/warm.server");
  warmContent();
  return notes;
}

/**
 * A database made by an earlier version (it has had migrations) gets this version's new ones before anything
 * reads it (instances starting together may race; see runMigrations). A new, empty database is left to the
 * installer. A failure is reported and the site starts anyway: pages that need the new schema answer with errors
 * until the migration is run.
 */
async function applyPendingMigrations(): Promise<string[]> {
  const { getDb } = await import("~/db/client.server");
  const { appliedMigrations, migrationCount, runMigrations } = await import("~/db/migrate.server");
  try {
    const db = await getDb();
    const applied = await appliedMigrations(db);
    const pending = migrationCount() - applied;
    if (applied === 0 || pending <= 0) return [];
    await runMigrations(db);
    return [`Applied ${pending} database migration${pending === 1 ? "" : "s"}.`];
  } catch (error) {
    // An outage is one line (the pages say the rest); a migration that fails is worth its whole story.
    const { DatabaseUnreachableError } = await import("~/db/unavailable.server");
    if (error instanceof DatabaseUnreachableError) {
      console.error(`Pending database migrations could not be checked: ${error.message}`);
    } else console.error("Applying the database migrations failed:", error);
    return [];
  }
}

/** Work to do when the server stops: close what the app opened. */
export async function onServerStop(): Promise<void> {
  // Background work in progress ends before the database closes under it.
  await stopBackground?.();
  const { closeRelay } = await import("~/nostr/relay/relay.server");
  closeRelay();
  const { stopRendering } = await import("~/content/markdown/render-markdown.server");
  await stopRendering();
  // Views noted before the server stopped taking requests are written before the database closes.
  const { stopVisitLog } = await import("~/traffic/visit-log.server");
  await stopVisitLog();
  const { closeDatabase } = await import("~/db/client.server");
  await closeDatabase();
  const { closeOutboundConnections } = await import("~/lib/outbound.server");
  closeOutboundConnections();
  markServerStopped(config().dataDir);
}
