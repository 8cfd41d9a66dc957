/**
 * The site's relay: a WebSocket endpoint at /relay on the site's own HTTP server. Each instance holds its own
 * connections; new events reach all of them through the database: every instance follows `nostr_events` by
 * its commit-ordered sequence number (a few reads a second while anyone is connected), so an event published
 * through one instance, or a comment approved on another, reaches subscribers everywhere.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { getDb } from "~/db/client.server";
import { writeTransaction } from "~/db/transaction.server";
import { siteHosts } from "~/lib/site-origin.server";
import { appConfigOrDefaults } from "~/settings/app-config.server";
import { RelayConnection } from "./connection.server";
import { relayLimits } from "./limits";
import { eventsAfter, lastSeq, wireEvent } from "./store.server";

export const relayPath = "/relay";

/** How often an instance with connections looks for new events. */
export const RELAY_FOLLOW_MS = 200;
/** Connections that answer no ping for this long are dropped. */
const heartbeatMs = 30_000;

const server = new WebSocketServer({
  noServer: true,
  // Larger than the relay's own limit, so an oversize message is answered with a reason; much larger closes.
  maxPayload: relayLimits.maxMessageLength * 4,
});

const connections = new Map<WebSocket, RelayConnection>();

/** Takes a WebSocket upgrade for /relay; false for any other address (development's hot reload has its own). */
export function handleRelayUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname !== relayPath) return false;
  void appConfigOrDefaults()
    .then((config) => {
      if (!config.installed) {
        socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        return;
      }
      server.handleUpgrade(request, socket, head, (ws) => accept(ws, siteHosts(request.socket.localPort)));
    })
    // Whatever goes wrong with one connection ends it, never the process.
    .catch(() => socket.destroy());
  return true;
}

function accept(ws: WebSocket, relayHosts: readonly string[]): void {
  let alive = true;
  const connection = new RelayConnection({
    relayHosts,
    send: (message) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message), () => undefined);
    },
    stored: () => follower.poke(),
    following: () => follower.ready(),
    write: async (work) => writeTransaction(await getDb(), work),
  });
  connections.set(ws, connection);
  follower.start();
  // Messages of one connection are handled in order.
  let queue = Promise.resolve();
  ws.on("message", (data, isBinary) => {
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    const text = isBinary
      ? ""
      : Buffer.isBuffer(data)
        ? data.toString("utf8")
        : Buffer.concat(data as Buffer[]).toString("utf8");
    queue = queue.then(() => connection.receive(text, bytes)).catch(() => undefined);
  });
  ws.on("pong", () => (alive = true));
  const heartbeat = setInterval(() => {
    if (!alive) return ws.terminate();
    // A connection still closing (its client vanished without the closing handshake) takes no ping.
    if (ws.readyState !== ws.OPEN) return;
    alive = false;
    try {
      ws.ping();
    } catch {
      ws.terminate();
    }
  }, heartbeatMs);
  heartbeat.unref();
  ws.on("close", () => {
    clearInterval(heartbeat);
    connections.delete(ws);
  });
  ws.on("error", () => ws.terminate());
  connection.open();
}

/** Follows new rows of nostr_events while anyone is connected here, and hands each to every connection. */
const follower = (() => {
  let last: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let failing = false;
  let started: Promise<void> | undefined;

  const read = async () => {
    const db = await getDb();
    if (last === undefined) {
      last = await lastSeq(db);
      return;
    }
    for (;;) {
      const rows = await eventsAfter(db, last);
      for (const row of rows) {
        const event = wireEvent(row);
        for (const connection of connections.values()) connection.deliver(row.seq, event);
        last = row.seq;
      }
      if (rows.length < 500) return;
    }
  };

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = read()
      .then(() => (failing = false))
      .catch((error: unknown) => {
        if (!failing)
          console.error("Relay: reading new events failed:", error instanceof Error ? error.message : error);
        failing = true;
      })
      .then(() => {
        running = undefined;
        if (again) {
          again = false;
          return run();
        }
      });
    return running;
  };

  const tick = () => {
    timer = undefined;
    if (connections.size === 0) {
      // Nobody to deliver to: start again from the end when someone connects.
      last = undefined;
      started = undefined;
      return;
    }
    void run().finally(() => {
      if (!timer && connections.size > 0) {
        timer = setTimeout(tick, RELAY_FOLLOW_MS);
        timer.unref();
      }
    });
  };

  return {
    start() {
      if (!timer && !running) tick();
    },
    /**
     * Resolves once the follower knows where it starts: a subscription's initial query must begin after that,
     * so nothing falls between what the query returns and what live delivery sends.
     */
    ready(): Promise<void> {
      started ??= (async () => {
        while (last === undefined) {
          await run();
          if (last === undefined) await new Promise((resolve) => setTimeout(resolve, RELAY_FOLLOW_MS));
        }
      })();
      return started;
    },
    poke() {
      void run();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
})();

/** Lets this instance's subscribers see an event stored here at once (other instances follow within a moment). */
export function relayEventStored(): void {
  if (connections.size > 0) follower.poke();
}

/** Closes every connection (the server is stopping). */
export function closeRelay(): void {
  follower.stop();
  for (const ws of connections.keys()) ws.close(1001, "server stopping");
  connections.clear();
}
