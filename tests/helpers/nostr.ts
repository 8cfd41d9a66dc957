/**
 * Nostr helpers for tests: fixed keys by number, members given keys in the database, a raw relay connection
 * that records every message (for what nostr-tools' clients hide: OK reasons, CLOSED, NOTICE), from a chosen
 * source address, and gift wraps with and without proof of work (NIP-13).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import WebSocket from "ws";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";

/** The same secret key for the same `label`. */
export function testKey(label: string): { secret: Uint8Array; pubkey: string } {
  const secret = new Uint8Array(createHash("sha256").update(`nostr test key ${label}`).digest());
  return { secret, pubkey: getPublicKey(secret) };
}

/** Gives the member `userName` the device key `testKey(userName)`, as signing in from a browser does. */
export async function giveMemberKey(db: Database, userName: string): Promise<{ secret: Uint8Array; pubkey: string }> {
  const key = testKey(userName);
  await db.update(users).set({ pub: key.pubkey }).where(eq(users.userName, userName));
  return key;
}

export function relayUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, "ws")}/relay`;
}

/** Where a test connection comes from: a loopback source address (127.0.0.2 and up), and headers. */
export interface ConnectOptions {
  localAddress?: string;
  headers?: Record<string, string>;
  /** The path asked for, when not the site's /relay. */
  path?: string;
}

/** A bare WebSocket (ws) to the relay that keeps every message it receives. */
export class RawRelay {
  readonly messages: unknown[][] = [];
  private waiters: { test: (m: unknown[]) => boolean; resolve: (m: unknown[]) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as unknown[];
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static async open(httpUrl: string, options: ConnectOptions = {}): Promise<RawRelay> {
    const relay = await RawRelay.attempt(httpUrl, options);
    if (!(relay instanceof RawRelay)) throw new Error(`relay connection failed (${relay.status})`);
    return relay;
  }

  /** Connects, or gives the refusal's HTTP status, Retry-After and body (status 0: the connection failed). */
  static attempt(
    httpUrl: string,
    { localAddress, headers, path }: ConnectOptions = {},
  ): Promise<RawRelay | { status: number; retryAfter: string | undefined; body: string }> {
    return new Promise((resolve) => {
      const address = path ? httpUrl.replace(/^http/, "ws") + path : relayUrl(httpUrl);
      const socket = new WebSocket(address, { localAddress, headers });
      const relay = new RawRelay(socket);
      socket.once("open", () => resolve(relay));
      socket.once("unexpected-response", (_request, response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"], body });
          socket.terminate();
        });
      });
      socket.on("error", () => resolve({ status: 0, retryAfter: undefined, body: "" }));
    });
  }

  /** Resolves with the close code once the connection is closed. */
  closed(): Promise<number> {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve(1006);
    return new Promise((resolve) => this.socket.once("close", (code) => resolve(code)));
  }

  send(message: unknown): void {
    this.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The next message (already received or coming) that passes `test`, within `ms`. */
  next(test: (m: unknown[]) => boolean, ms = 5000): Promise<unknown[]> {
    const seen = this.messages.find(test);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching relay message within ${ms} ms`)), ms);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          this.messages.splice(this.messages.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  ok(id: string) {
    return this.next((m) => m[0] === "OK" && m[1] === id);
  }

  close() {
    this.socket.close();
  }
}

/** A nostr-tools Relay connected to `url` and authenticated (NIP-42) as `secret`'s key. */
export async function authenticatedRelay(url: string, secret: Uint8Array): Promise<Relay> {
  const relay = new Relay(url);
  let challenged!: () => void;
  const challenge = new Promise<void>((resolve) => (challenged = resolve));
  relay.onauth = async (template) => {
    challenged();
    return finalizeEvent(template, secret);
  };
  await relay.connect();
  await challenge;
  await relay.auth(relay.onauth);
  return relay;
}

/**
 * A gift wrap (kind 1059) to `recipient` with `size` characters of content, signed by a throwaway key, dated
 * `created_at` (a minute ago by default).
 */
export function plainWrap(recipient: string, size: number, created_at = Math.floor(Date.now() / 1000) - 60): Event {
  return finalizeEvent(
    { kind: 1059, created_at, tags: [["p", recipient]], content: filler(size) },
    generateSecretKey(),
  );
}

/** `size` characters of base64-looking text, different every time. */
function filler(size: number): string {
  const seed = createHash("sha512").update(String(Math.random())).digest("base64");
  return seed.repeat(Math.ceil(size / seed.length)).slice(0, size);
}

/**
 * A gift wrap with proof of work (NIP-13) of `difficulty` bits committed in its nonce tag (`committed`, the
 * difficulty by default), mined as an attacker would, with native SHA-256: only the nonce changes, so the
 * serialisation is cut once around it.
 */
export function minedWrap(recipient: string, size: number, difficulty: number, committed = difficulty): Event {
  const secret = generateSecretKey();
  const pubkey = getPublicKey(secret);
  const created_at = Math.floor(Date.now() / 1000) - 60;
  const content = filler(size);
  const tags = [
    ["p", recipient],
    ["nonce", "\u0000", String(committed)],
  ];
  const [before, after] = JSON.stringify([0, pubkey, created_at, 1059, tags, content]).split("\\u0000") as [
    string,
    string,
  ];
  const head = Buffer.from(before);
  const tail = Buffer.from(after);
  for (let nonce = 0; ; nonce++) {
    const digest = createHash("sha256").update(head).update(String(nonce)).update(tail).digest();
    if (Math.clz32(digest.readUInt32BE(0)) >= difficulty) {
      tags[1]![1] = String(nonce);
      return finalizeEvent({ kind: 1059, created_at, tags, content }, secret);
    }
  }
}
