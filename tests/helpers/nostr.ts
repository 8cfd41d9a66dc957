/**
 * Nostr helpers for tests: fixed keys by number, members given keys in the database, and a raw relay
 * connection that records every message (for what nostr-tools' clients hide: OK reasons, CLOSED, NOTICE).
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { finalizeEvent, getPublicKey } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
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

/** A bare WebSocket to the relay that keeps every message it receives. */
export class RawRelay {
  readonly messages: unknown[][] = [];
  private waiters: { test: (m: unknown[]) => boolean; resolve: (m: unknown[]) => void }[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as unknown[];
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static async open(httpUrl: string): Promise<RawRelay> {
    const socket = new WebSocket(relayUrl(httpUrl));
    const relay = new RawRelay(socket);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener("open", () => resolve(), { once: true });
      socket.addEventListener("error", () => reject(new Error("relay connection failed")), { once: true });
    });
    return relay;
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
