/**
 * The HTTP front of Daftar: security headers, compression, static files and request logging, in front of the
 * application (server/app.ts). Used by `npm start` (production build) and `npm run dev` (Vite middleware).
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import path from "node:path";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import { config, ConfigError, configWarnings, type Config } from "../app/config.server.ts";
import { refuseUpgrade } from "../app/lib/upgrade-refusal.server.ts";
import { precompressedAssets } from "./precompressed-assets.ts";
import { subresourceHeaders } from "./subresource-headers.ts";

export interface AppModule {
  app: Express;
  onServerStart(baseUrl: string): Promise<string[]>;
  onServerStop(): Promise<void>;
  /** Takes a WebSocket upgrade for the Nostr relay (/relay) from `clientAddress`; false for other addresses. */
  handleRelayUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, clientAddress: string): boolean;
}

/**
 * WebSocket upgrades for the relay go to the app; others are left to whoever else listens (Vite's hot
 * reload in development) and are otherwise refused.
 */
export function serveRelay(
  server: Server,
  app: () => Promise<Pick<AppModule, "handleRelayUpgrade">>,
  { others = false } = {},
) {
  const clientAddress = upgradeClientAddress();
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that goes away while the upgrade is decided must not take the process down with an unhandled
    // socket error.
    socket.on("error", () => socket.destroy());
    app()
      .then((mod) => {
        if (mod.handleRelayUpgrade(req, socket, head, clientAddress(req)) || others) return;
        refuseUpgrade(socket, 404);
      })
      .catch(() => socket.destroy());
  });
}

/**
 * Bounds on the server's connections: a socket with nothing sent or received for `idleMs` is destroyed (a client
 * that stops reading an answer, or never finishes its request, cannot hold its connection and buffers for
 * ever; upgraded relay sockets have their own pings), and past `maxConnections` new connections are dropped.
 *
 * Between requests a connection is kept for `keepAliveMs` (advertised in `Keep-Alive: timeout=…`). A client that
 * sends its next request at the instant the server closes an idle connection gets a reset, and Node's own client
 * and many scripts do not retry it. Proxies in front (nginx, load balancers) keep their idle connections to the
 * site for 60 s by default: a longer keep-alive here means they, and clients that idle less, never meet a close.
 * It holds no more than an idle connection can already hold: each counts towards `maxConnections`.
 */
export function boundConnections(
  server: Server,
  { idleMs = 60_000, keepAliveMs = 65_000, maxConnections = 10_000 } = {},
): void {
  // With no "timeout" listener, Node destroys a socket that stays idle past the server's timeout.
  server.setTimeout(idleMs);
  server.keepAliveTimeout = keepAliveMs;
  server.maxConnections = maxConnections;
}

/**
 * The client's address for a request Express never handles (a WebSocket upgrade), read as Express reads
 * `req.ip` for every other request: TRUST_PROXY decides which forwarded addresses to believe.
 */
function upgradeClientAddress(): (req: IncomingMessage) => string {
  const reader = express().set("trust proxy", config().trustProxy);
  return (req) => {
    const view = Object.create(reader.request, {
      headers: { value: req.headers },
      socket: { value: req.socket },
      connection: { value: req.socket },
    }) as Request;
    return view.ip ?? "";
  };
}

export interface HttpOptions {
  /** Middleware that runs before the application (Vite's in development). */
  before?: express.RequestHandler[];
  /** The built client folder (production) — or undefined when Vite serves assets (development). */
  clientDir?: string;
  dev?: boolean;
  log?: boolean;
}

export function createHttpApp(
  handler: (req: Request, res: Response, next: NextFunction) => void,
  options: HttpOptions,
) {
  const server = express();
  server.disable("x-powered-by");
  server.set("trust proxy", config().trustProxy);
  if (options.log !== false) server.use(requestLog);
  server.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  server.use(securityHeaders(Boolean(options.dev)));
  // The OAuth popup comes back from the provider's origin to /api/oauth/…: with a COOP header there the
  // browser would put it in a new browsing context group, cutting it off from its opener (no postMessage,
  // no window.close()). Those few responses carry no opener policy.
  server.use("/api/oauth/", (_req, res, next) => {
    res.removeHeader("Cross-Origin-Opener-Policy");
    next();
  });
  // Documents kept compressed are sent in the encoding they negotiated, never compressed again (decision 029).
  server.use(compression({ filter: (req, res) => res.locals.negotiated !== true && compression.filter(req, res) }));
  if (options.clientDir) {
    // Hashed build assets never change under one name: cache them for a year.
    server.use(
      "/assets",
      subresourceHeaders,
      precompressedAssets(path.join(options.clientDir, "assets"), { immutable: true, maxAge: "1y" }),
    );
    // The other public files; the hashed assets are answered above and only there.
    server.use(builtFiles(options.clientDir, { maxAge: "1h", index: false }, ["assets"]));
  }
  for (const middleware of options.before ?? []) server.use(middleware);
  server.use(handler);
  return server;
}

/**
 * The build's other public files, asked of the disk only for addresses under the folder's own entries: express's
 * static middleware looks every address it sees up on the disk, and the pages, the API and the documents the cache
 * answers are none of its (a look-up each was a twentieth of the server's time under load). A production build
 * does not change under the server that serves it.
 */
export function builtFiles(
  dir: string,
  options: Parameters<typeof express.static>[1],
  except: readonly string[] = [],
): express.RequestHandler {
  const serve = express.static(dir, options);
  const entries = new Set(readdirSync(dir).filter((name) => !except.includes(name)));
  return (req, res, next) => {
    const first = req.path.split("/")[1] ?? "";
    let name = first;
    try {
      name = decodeURIComponent(first);
    } catch {
      // Not decodable: no file's name.
    }
    if (entries.has(name)) serve(req, res, next);
    else next();
  };
}

function securityHeaders(dev: boolean) {
  return helmet({
    contentSecurityPolicy: dev
      ? false
      : {
          useDefaults: true,
          directives: {
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:", "https:"],
            "connect-src": ["'self'", "ws:", "wss:"],
            "font-src": ["'self'", "data:"],
            "frame-ancestors": ["'none'"],
            "form-action": ["'self'"],
            "upgrade-insecure-requests": null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // The OAuth popup talks to its opener with postMessage: keep same-origin popups connected.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
  });
}

/**
 * The path as the request log writes it: a preview link's token is its whole secret, so it is left out
 * ("/en/preview/…"), however the address is written (routes match in any case, and percent-encoded).
 */
export function loggedPath(path: string): string {
  let plain = path;
  try {
    plain = decodeURIComponent(path);
  } catch {
    // Not decodable: read as written.
  }
  const preview = /^((?:\/[a-z]{2})?\/preview\/)[^/]/i.exec(plain);
  return preview ? `${preview[1]}…` : path;
}

/**
 * One line per request: method, path (never the query string, nor a preview link's token: they are secrets),
 * status, time.
 */
function requestLog(req: Request, res: Response, next: NextFunction) {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logLine(`${req.method} ${loggedPath(req.path)} ${res.statusCode} ${ms.toFixed(1)}ms`);
  });
  next();
}

/**
 * The request log's lines not written yet. They are written together when the event loop's turn ends: standard
 * output to a pipe or a file is written synchronously, and a write per answer was a tenth of the server's time
 * for a page the document cache answers. Lines still waiting when the process exits are written then.
 */
let waitingLines: string[] = [];
function logLine(line: string) {
  if (waitingLines.push(line) === 1) setImmediate(writeLines);
}
function writeLines() {
  if (waitingLines.length === 0) return;
  const lines = waitingLines;
  waitingLines = [];
  process.stdout.write(`${lines.join("\n")}\n`);
}
process.on("exit", writeLines);

/**
 * The configuration, checked before the server starts: a bad value is printed and the process exits; a value
 * that works but is probably not what was meant is printed as a warning.
 */
export function startupConfig(): Config {
  try {
    const checked = config();
    for (const warning of configWarnings()) console.warn(`Warning: ${warning}`);
    return checked;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Daftar cannot start. ${error.message}`);
    process.exit(1);
  }
}

/**
 * Stops taking connections, lets requests in flight finish (up to a limit), then closes the app. Answers given
 * while stopping close their connection, so keep-alive clients do not hold the process open until they time out.
 */
export function handleShutdown(server: Server, app: Pick<AppModule, "onServerStop">, graceMs = 10_000) {
  let stopping = false;
  const inFlight = new Set<ServerResponse>();
  server.on("request", (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    for (const res of inFlight) res.shouldKeepAlive = false;
    const force = setTimeout(() => {
      console.error("Shutdown timed out; exiting");
      process.exit(1);
    }, graceMs);
    force.unref();
    server.close(() => {
      void app.onServerStop().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    // Said once new connections are already refused.
    console.log(`${signal} received: shutting down`);
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}
