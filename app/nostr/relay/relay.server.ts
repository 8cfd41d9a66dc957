/**
 * The site's relay: a WebSocket endpoint at /relay on the site's own HTTP server. Each instance holds its own
 * connections; new events reach all of them through the database: every instance follows `nostr_events` by
 * its commit-ordered sequence number (a few reads a second while anyone is connected), so an event published
 * through one instance, or a comment approved on another, reaches subscribers everywhere.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { config } from "~/config.server";
import { getDb } from "~/db/client.server";
import { changeTransaction } from "~/cluster/change-feed.server";
import { addressKey } from "~/lib/address-key.server";
import { siteHosts } from "~/lib/site-origin.server";
import { refuseUpgrade } from "~/lib/upgrade-refusal.server";
import { appConfigOrDefaults } from "~/settings/app-config.server";
import { Admissions } from "./admission.server";
import { nextTurn, RelayConnection } from "./connection.server";
import { relayLimits } from "./limits";
import { eventsAfter, lastSeq, wireEvent } from "./store.server";

export const relayPath = "/relay";

/** How often an instance with connections looks for new events. */
export const RELAY_FOLLOW_MS = 200;
/** How often each connection's output and pings are checked. */
const watchEveryMs = 1000;

const server = new WebSocketServer({
  noServer: true,
  // A frame announcing more is refused at its header (close 1009): nobody can make the server hold more of one.
  maxPayload: relayLimits.maxMessageLength,
});

/** A connection with what the relay watches about it. */
interface Held {
  ws: WebSocket;
  socket: Socket;
  connection: RelayConnection;
  /** Answered the last ping (or sent something) since it was sent. */
  alive: boolean;
  nextPingAt: number;
  /** Since when its unsent output has been past the pause bound. */
  overSince: number | undefined;
}

const connections = new Map<WebSocket, Held>();
const admissions = new Admissions(() => config().relayConnections);
let sweeping: NodeJS.Timeout | undefined;

/**
 * Takes a WebSocket upgrade for /relay (or /relay/) from `clientAddress`; false for any other address (development's hot
 * reload has its own). A connection past the caps of its address or of this instance is refused before the
 * upgrade, with 429 or 503 and Retry-After.
 */
export function handleRelayUpgrade(
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  clientAddress: string,
): boolean {
  const url = new URL(request.url ?? "/", "http://localhost");
  // Some client libraries normalise the address to end in a slash: both name the relay.
  if (url.pathname !== relayPath && url.pathname !== `${relayPath}/`) return false;
  const address = addressKey(clientAddress);
  const admission = admissions.admit(address);
  if (!admission.admitted) {
    refuseUpgrade(socket, admission.status, `${admission.reason}\n`, { "Retry-After": String(admission.retryAfter) });
    return true;
  }
  socket.once("close", admission.release);
  sweeping ??= setInterval(() => admissions.sweep(), 60_000).unref();
  void appConfigOrDefaults()
    .then((appConfig) => {
      if (!appConfig.installed) return refuseUpgrade(socket, 503);
      server.handleUpgrade(request, socket, head, (ws) =>
        accept(ws, socket as Socket, siteHosts(request.socket.localPort), address),
      );
    })
    // Whatever goes wrong with one connection ends it, never the process.
    .catch(() => socket.destroy());
  return true;
}

function accept(ws: WebSocket, socket: Socket, relayHosts: readonly string[], address: string): void {
  let closed = false;
  const held: Held = {
    ws,
    socket,
    alive: true,
    nextPingAt: Date.now() + relayLimits.pingEveryMs,
    overSince: undefined,
    connection: new RelayConnection({
      relayHosts,
      address,
      send: (message) => {
        if (ws.readyState !== ws.OPEN) return 0;
        const text = JSON.stringify(message);
        ws.send(text, () => undefined);
        // Output nobody reads is not kept: past the close bound the connection goes at once.
        if (ws.bufferedAmount > relayLimits.outputCloseBytes) ws.terminate();
        return text.length;
      },
      room: () => roomToSend(held),
      spend: () => admissions.spend(address),
      closeForAbuse: () => ws.close(1008, "too many refused messages"),
      stored: () => follower.poke(),
      following: () => follower.ready(),
      write: async (work) => changeTransaction(await getDb(), work),
    }),
  };
  connections.set(ws, held);
  follower.start();
  watch.start();
  // Messages of one connection are handled in order. Those waiting are bounded: past the bounds the socket is
  // not read from (TCP then holds the client back) until they are handled.
  let queue = Promise.resolve();
  let pendingMessages = 0;
  let pendingBytes = 0;
  ws.on("message", (data, isBinary) => {
    held.alive = true;
    const bytes = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).byteLength;
    const text = isBinary
      ? ""
      : Buffer.isBuffer(data)
        ? data.toString("utf8")
        : Buffer.concat(data as Buffer[]).toString("utf8");
    pendingMessages += 1;
    pendingBytes += bytes;
    if (pendingMessages >= relayLimits.maxPendingMessages || pendingBytes >= relayLimits.maxPendingBytes) ws.pause();
    queue = queue
      .then(nextTurn)
      .then(() => (closed ? undefined : held.connection.receive(text, bytes)))
      .catch(() => undefined)
      .then(() => {
        pendingMessages -= 1;
        pendingBytes -= bytes;
        if (ws.isPaused && pendingMessages === 0) ws.resume();
      });
  });
  ws.on("pong", () => (held.alive = true));
  ws.on("close", () => {
    closed = true;
    connections.delete(ws);
  });
  ws.on("error", () => ws.terminate());
  held.connection.open();
}

/**
 * Resolves when the connection's unsent output is below the pause bound (true), or when it closed (false).
 * The watch closes a connection that stays past the bound too long, so this never waits for ever.
 */
async function roomToSend(held: Held): Promise<boolean> {
  const { ws, socket } = held;
  while (ws.readyState === ws.OPEN && ws.bufferedAmount > relayLimits.outputPauseBytes) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        socket.off("drain", done);
        socket.off("close", done);
        resolve();
      };
      const timer = setTimeout(done, watchEveryMs);
      socket.once("drain", done);
      socket.once("close", done);
    });
  }
  return ws.readyState === ws.OPEN;
}

/**
 * Every second: pings (a connection that did not answer the previous ping is closed: it is gone, or it holds
 * back the end of a frame, which leaves it no way to answer), and output (a connection whose unsent output has
 * stayed past the pause bound for the stall time has stopped reading, and is closed).
 */
const watch = (() => {
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = Date.now();
    for (const held of connections.values()) {
      const { ws } = held;
      if (ws.bufferedAmount > relayLimits.outputPauseBytes) {
        held.overSince ??= now;
        if (now - held.overSince >= relayLimits.outputStallMs) {
          ws.terminate();
          continue;
        }
      } else held.overSince = undefined;
      if (now < held.nextPingAt) continue;
      held.nextPingAt = now + relayLimits.pingEveryMs;
      if (!held.alive) {
        ws.terminate();
        continue;
      }
      // A connection still closing (its client vanished without the closing handshake) takes no ping.
      if (ws.readyState !== ws.OPEN) continue;
      held.alive = false;
      try {
        ws.ping();
      } catch {
        ws.terminate();
      }
    }
    if (connections.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  return {
    start() {
      timer ??= setInterval(tick, watchEveryMs).unref();
    },
  };
})();

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
        for (const held of connections.values()) held.connection.deliver(row.seq, event);
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
