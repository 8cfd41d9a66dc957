/**
 * What anyone may take from the relay: connections per address and per instance (refused at the upgrade), one
 * message budget per address, the size of a stored answer, output a client does not read, half-sent frames,
 * the filters a connection holds; gift wraps from people who are not members (proof of work, quotas per address,
 * retention); zap receipts (the wallet budget shared with the HTTP zap calls, wallets asked at once). Real
 * WebSocket clients from several loopback addresses, as several machines would come.
 */
import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { makeZapRequest } from "nostr-tools/nip57";
import { finalizeEvent, generateSecretKey, type Event } from "nostr-tools/pure";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { limits } from "~/db/rate-limit.server";
import { getDb } from "~/db/client.server";
import { nostrEvents, nostrTags, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { relayLimits } from "~/nostr/relay/limits";
import { pruneStrangerWraps, saveEvent } from "~/nostr/relay/store.server";
import { serveSeededApp } from "../helpers/app-server";
import { startLnurlServer, type LnurlServer } from "../helpers/lnurl-server";
import { giveMemberKey, minedWrap, plainWrap, RawRelay, relayUrl, testKey } from "../helpers/nostr";

// Small enough to test with: 40 connections on the instance. Proof of work of 8 bits, so tests mine quickly.
// Loopback clients are proxies, so a forwarded address counts when one is given.
process.env.RELAY_MAX_CONNECTIONS = "40";
process.env.RELAY_POW_DIFFICULTY = "8";
process.env.TRUST_PROXY = "loopback";
process.env.OUTBOUND_ALLOW_PRIVATE = "true";

const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
let wallet: LnurlServer;
const server = serveSeededApp(async (db) => {
  wallet = await startLnurlServer();
  for (const name of ["admin", "member", "editor"]) keys[name] = await giveMemberKey(db, name);
  await db
    .update(users)
    .set({ lightningAddress: wallet.address("ava") })
    .where(eq(users.userName, "admin"));
});
afterAll(async () => wallet?.close());

const now = () => Math.floor(Date.now() / 1000);
const from = (localAddress: string) => ({ localAddress });

/** Every connection a test opens, ended after it whatever happened (the server counts them per address). */
const opened: RawRelay[] = [];
afterEach(() => {
  for (const relay of opened.splice(0)) relay.socket.terminate();
});

async function attempt(options: Parameters<typeof RawRelay.attempt>[1]) {
  const relay = await RawRelay.attempt(server.url, options);
  if (relay instanceof RawRelay) opened.push(relay);
  return relay;
}

async function connectFrom(options: Parameters<typeof RawRelay.attempt>[1]) {
  const relay = await attempt(options);
  if (!(relay instanceof RawRelay)) throw new Error(`relay connection refused (${relay.status})`);
  return relay;
}

/** Connects `count` relays from `localAddress`, keeping the refusals' statuses. */
async function connectMany(count: number, options: Parameters<typeof RawRelay.attempt>[1]) {
  const open: RawRelay[] = [];
  const refused: { status: number; retryAfter: string | undefined; body: string }[] = [];
  for (let i = 0; i < count; i++) {
    const relay = await attempt(options);
    if (relay instanceof RawRelay) open.push(relay);
    else refused.push(relay);
  }
  return { open, refused };
}

async function closeAll(relays: RawRelay[]) {
  await Promise.all(
    relays.map((relay) => {
      const closed = relay.closed();
      relay.close();
      return closed;
    }),
  );
}

/** Authenticates `relay` (NIP-42) as `secret`'s key. */
async function authenticate(relay: RawRelay, secret: Uint8Array) {
  const [, challenge] = await relay.next((m) => m[0] === "AUTH");
  const auth = finalizeEvent(
    {
      kind: 22242,
      created_at: now(),
      tags: [
        ["relay", relayUrl(server.url)],
        ["challenge", String(challenge)],
      ],
      content: "",
    },
    secret,
  );
  relay.send(["AUTH", auth]);
  expect((await relay.ok(auth.id))[2]).toBe(true);
}

describe("connections", () => {
  test("past the cap of one address the upgrade is refused with 429; a closed one makes room", async () => {
    const { open, refused } = await connectMany(21, from("127.0.0.20"));
    expect(open).toHaveLength(20);
    expect(refused).toEqual([
      { status: 429, retryAfter: "10", body: "at most 20 relay connections from one address\n" },
    ]);
    // Another address is not affected.
    const other = await connectFrom(from("127.0.0.21"));
    await closeAll([open.pop()!, other]);
    // The server counts the closed one out as soon as its socket closes.
    await expect
      .poll(
        async () => {
          const again = await attempt(from("127.0.0.20"));
          if (!(again instanceof RawRelay)) return again.status;
          open.push(again);
          return 101;
        },
        { timeout: 10_000 },
      )
      .toBe(101);
    await closeAll(open);
  });

  test("a refused upgrade lets its socket go even when the client keeps its end open", async () => {
    const { open } = await connectMany(20, from("127.0.0.25"));
    const { port } = new URL(server.url);
    const socket = connect({ port: Number(port), host: "127.0.0.1", localAddress: "127.0.0.25", allowHalfOpen: true });
    socket.on("error", () => undefined);
    const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
    socket.write(
      `GET /relay HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
    );
    const answer = await new Promise<Buffer>((resolve) => socket.once("data", resolve));
    expect(answer.toString("latin1")).toMatch(/^HTTP\/1\.1 429 /);
    // The client neither closes nor stops writing; the server has let go, so the connection ends.
    const writing = setInterval(() => socket.write("x"), 50);
    try {
      await closed;
    } finally {
      clearInterval(writing);
      socket.destroy();
      await closeAll(open);
    }
  });

  test("behind a trusted proxy the forwarded address counts, an IPv6 address by its /64", async () => {
    const forwarded = (address: string, i: number) => ({
      localAddress: `127.0.0.${30 + (i % 5)}`,
      headers: { "X-Forwarded-For": address },
    });
    const open: RawRelay[] = [];
    for (let i = 0; i < 20; i++) open.push(await connectFrom(forwarded(`2001:db8:5:6::${i + 1}`, i)));
    const refused = await attempt(forwarded("2001:db8:5:6:ffff::1", 0));
    expect(refused).toMatchObject({ status: 429 });
    const elsewhere = await connectFrom(forwarded("2001:db8:5:7::1", 0));
    await closeAll([...open, elsewhere]);
  });

  test("past the instance's cap the upgrade is refused with 503", async () => {
    const batches = await Promise.all(["127.0.0.22", "127.0.0.23", "127.0.0.24"].map((a) => connectMany(15, from(a))));
    const open = batches.flatMap((b) => b.open);
    const refused = batches.flatMap((b) => b.refused);
    expect(open.length).toBeLessThanOrEqual(40);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]).toEqual({ status: 503, retryAfter: "30", body: "the relay has no room for more connections\n" });
    await closeAll(open);
  });
});

describe("what one connection or address may send", () => {
  test("an address's connections share one message budget; a connection that keeps going past it is closed", async () => {
    const relays = await Promise.all([1, 2, 3].map(() => connectFrom(from("127.0.0.40"))));
    // Opening took three of the budget; CLOSE messages are answered only when refused. A REQ at the end of the
    // burst is CLOSED, unread, with the reason.
    for (let i = 0; i < relayLimits.addressBurst + 20; i++) relays[i % 3]!.send(["CLOSE", `s${i}`]);
    relays[1]!.send(["REQ", "late", { kinds: [0] }]);
    const notice = await Promise.race(relays.map((relay) => relay.next((m) => m[0] === "NOTICE")));
    expect(notice[1]).toBe("rate-limited: too many messages from your address; slow down");
    expect(await relays[1]!.next((m) => m[1] === "late")).toEqual([
      "CLOSED",
      "late",
      "rate-limited: too many messages from your address; slow down",
    ]);
    // Another address is served as usual.
    const other = await connectFrom(from("127.0.0.41"));
    other.send(["REQ", "fine", { kinds: [0], limit: 1 }]);
    await other.next((m) => m[0] === "EOSE" && m[1] === "fine");
    // Going on regardless ends the connection.
    const closed = relays[2]!.closed();
    for (let i = 0; i <= relayLimits.maxRefusedPerMinute + 20; i++) relays[2]!.send(["CLOSE", `x${i}`]);
    expect(await closed).toBe(1008);
    await closeAll([relays[0]!, relays[1]!, other]);
  });

  test("the filters of a connection's open subscriptions are bounded in bytes", async () => {
    const relay = await connectFrom(from("127.0.0.42"));
    // 500 authors: about 34 KB a REQ, so two do not fit.
    const authors = Array.from({ length: 500 }, (_, i) => i.toString(16).padStart(64, "0"));
    relay.send(["REQ", "a", { kinds: [0], authors }]);
    await relay.next((m) => m[0] === "EOSE" && m[1] === "a");
    relay.send(["REQ", "b", { kinds: [0], authors }]);
    expect(await relay.next((m) => m[0] === "CLOSED")).toEqual([
      "CLOSED",
      "b",
      `blocked: the open subscriptions of a connection may take at most ${relayLimits.maxSubscriptionBytes} bytes of filters; close some first`,
    ]);
    relay.send(["CLOSE", "a"]);
    relay.send(["REQ", "b", { kinds: [0], authors }]);
    await relay.next((m) => m[0] === "EOSE" && m[1] === "b");
    await closeAll([relay]);
  });
});

describe("stored answers and clients that do not read", () => {
  const stored: Event[] = [];
  beforeAll(async () => {
    const db = await getDb();
    // 30 large messages to the member, a minute apart: about 2.7 MB, more than one answer sends.
    await writeTransaction(db, async (tx) => {
      for (let i = 0; i < 30; i++) {
        const wrap = plainWrap(keys.member!.pubkey, 88_000, now() - 60 * (i + 1));
        stored.push(wrap);
        await saveEvent(tx, wrap);
      }
    });
  });
  const inbox = () => ({ kinds: [1059], "#p": [keys.member!.pubkey], limit: 500 });

  test("an answer ends with EOSE once about 2 MB are sent; the rest come with until", async () => {
    const relay = await connectFrom(from("127.0.0.50"));
    await authenticate(relay, keys.member!.secret);
    relay.send(["REQ", "inbox", inbox()]);
    await relay.next((m) => m[0] === "EOSE" && m[1] === "inbox", 20_000);
    const first = relay.messages.filter((m) => m[0] === "EVENT").map((m) => m[2] as Event);
    const bytes = first.reduce((n, e) => n + JSON.stringify(["EVENT", "inbox", e]).length, 0);
    expect(bytes).toBeGreaterThanOrEqual(relayLimits.maxAnswerBytes);
    expect(bytes).toBeLessThan(relayLimits.maxAnswerBytes + 100_000);
    expect(first.length).toBeLessThan(stored.length);
    // Newest first, so `until` the oldest received asks for the rest.
    const dates = first.map((e) => e.created_at);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    relay.messages.length = 0;
    relay.send(["REQ", "older", { ...inbox(), until: Math.min(...dates) }]);
    await relay.next((m) => m[0] === "EOSE" && m[1] === "older", 20_000);
    const rest = relay.messages.filter((m) => m[0] === "EVENT").map((m) => (m[2] as Event).id);
    expect(new Set([...first.map((e) => e.id), ...rest])).toEqual(new Set(stored.map((e) => e.id)));
    await closeAll([relay]);
  }, 60_000);

  describe.concurrent("slow ones", () => {
    test("a client that stops reading is closed once its output has waited the stall time", async () => {
      const relay = await connectFrom(from("127.0.0.51"));
      await authenticate(relay, keys.member!.secret);
      for (let i = 0; i < 10; i++) relay.send(["REQ", `all-${i}`, inbox()]);
      relay.socket.pause();
      await new Promise((resolve) => setTimeout(resolve, relayLimits.outputStallMs + 3000));
      const closed = relay.closed();
      relay.socket.resume();
      // What was in flight arrives, then the end: nowhere near the ten answers asked for.
      expect(await closed).toBe(1006);
      expect(relay.messages.filter((m) => m[0] === "EOSE").length).toBeLessThan(5);
    }, 60_000);

    test("a connection holding back the end of a frame is closed when it cannot answer a ping", async () => {
      const { port } = new URL(server.url);
      const socket = connect({ port: Number(port), host: "127.0.0.1", localAddress: "127.0.0.52" });
      socket.on("error", () => undefined);
      const started = Date.now();
      const ended = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now() - started)));
      socket.write(
        `GET /relay HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
      );
      const answer = await new Promise<Buffer>((resolve) => socket.once("data", resolve));
      expect(answer.toString("latin1")).toMatch(/^HTTP\/1\.1 101 /);
      // A masked text frame of 90,000 bytes (under the limit), all but its last byte.
      const header = Buffer.from([0x81, 0x80 | 127, 0, 0, 0, 0, 0, 1, 0x5f, 0x90, 1, 2, 3, 4]);
      socket.write(Buffer.concat([header, Buffer.alloc(89_999, 0x61)]));
      expect(await ended).toBeLessThanOrEqual(2 * relayLimits.pingEveryMs + 2000);
    }, 60_000);
  });
});

describe("gift wraps from people who are not members", () => {
  const rows = (id: string) =>
    getDb().then((db) =>
      db.select({ fromStranger: nostrEvents.fromStranger }).from(nostrEvents).where(eq(nostrEvents.id, id)).all(),
    );

  // First, while the relay holds no other strangers' wraps.
  test("are kept for their days and their bytes per recipient, oldest first; members' stay", async () => {
    const db = await getDb();
    const recipient = keys.editor!.pubkey;
    const day = 24 * 60 * 60 * 1000;
    const put = async (ageDays: number, fromStranger: boolean) => {
      const wrap = plainWrap(recipient, 1000);
      await writeTransaction(db, (tx) => saveEvent(tx, wrap, { fromStranger }));
      await db
        .update(nostrEvents)
        .set({ receivedAt: new Date(Date.now() - ageDays * day) })
        .where(eq(nostrEvents.id, wrap.id));
      return wrap.id;
    };
    await put(40, true);
    await put(35, true);
    const recent = [await put(5, true), await put(4, true), await put(3, true), await put(2, true), await put(1, true)];
    const members = [await put(60, false), await put(1, false)];
    const removed = await pruneStrangerWraps(db, { days: 30, bytesPerRecipient: 3000 });
    expect(removed).toBe(4);
    const left = await db
      .select({ id: nostrEvents.id })
      .from(nostrEvents)
      .innerJoin(nostrTags, and(eq(nostrTags.eventSeq, nostrEvents.seq), eq(nostrTags.name, "p")))
      .where(eq(nostrTags.value, recipient))
      .all();
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([...recent.slice(2), ...members]));
    // Their tags went with them.
    const orphans = await db
      .select({ count: sql<number>`count(*)` })
      .from(nostrTags)
      .where(sql`${nostrTags.eventSeq} not in (select ${nostrEvents.seq} from ${nostrEvents})`)
      .get();
    expect(orphans?.count).toBe(0);
  });

  test("need proof of work committed in a nonce tag; members' do not", async () => {
    const owner = keys.admin!.pubkey;
    const anonymous = await connectFrom(from("127.0.0.60"));
    const unmined = plainWrap(owner, 1000);
    anonymous.send(["EVENT", unmined]);
    expect(await anonymous.ok(unmined.id)).toEqual([
      "OK",
      unmined.id,
      false,
      "pow: messages from people who are not members need proof of work of 8 bits (NIP-13), committed in a nonce tag",
    ]);
    // Enough zeros, but the nonce tag commits to less: a lucky event from a flood aimed lower.
    const aimedLower = minedWrap(owner, 1000, 8, 4);
    anonymous.send(["EVENT", aimedLower]);
    expect((await anonymous.ok(aimedLower.id))[3]).toMatch(/^pow: /);
    const mined = minedWrap(owner, 1000, 8);
    anonymous.send(["EVENT", mined]);
    expect(await anonymous.ok(mined.id)).toEqual(["OK", mined.id, true, ""]);
    expect(await rows(mined.id)).toEqual([{ fromStranger: true }]);

    // Authenticated as a key that is not a member's: still a stranger.
    const visitor = await connectFrom(from("127.0.0.60"));
    await authenticate(visitor, testKey("visitor").secret);
    const fromVisitor = plainWrap(owner, 1000);
    visitor.send(["EVENT", fromVisitor]);
    expect((await visitor.ok(fromVisitor.id))[3]).toMatch(/^pow: /);

    const member = await connectFrom(from("127.0.0.60"));
    await authenticate(member, keys.member!.secret);
    const fromMember = plainWrap(owner, 1000);
    member.send(["EVENT", fromMember]);
    expect(await member.ok(fromMember.id)).toEqual(["OK", fromMember.id, true, ""]);
    expect(await rows(fromMember.id)).toEqual([{ fromStranger: false }]);
    await closeAll([anonymous, visitor, member]);
  });

  test("one address may send 20 an hour", async () => {
    const relay = await connectFrom(from("127.0.0.61"));
    const wraps = Array.from({ length: 21 }, () => minedWrap(keys.admin!.pubkey, 500, 8));
    const answers: unknown[] = [];
    for (const wrap of wraps) {
      relay.send(["EVENT", wrap]);
      answers.push((await relay.ok(wrap.id))[3]);
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(""));
    expect(answers[20]).toBe(
      "rate-limited: people who are not members may send 20 messages (1 MB) an hour from one address; try again in 60 minutes",
    );
    // Another address may still write.
    const other = await connectFrom(from("127.0.0.62"));
    const wrap = minedWrap(keys.admin!.pubkey, 500, 8);
    other.send(["EVENT", wrap]);
    expect((await other.ok(wrap.id))[2]).toBe(true);
    await closeAll([relay, other]);
  });

  test("and 1 MB an hour", async () => {
    const relay = await connectFrom(from("127.0.0.63"));
    const answers: unknown[] = [];
    for (let i = 0; i < 12; i++) {
      const wrap = minedWrap(keys.admin!.pubkey, 88_000, 8);
      relay.send(["EVENT", wrap]);
      answers.push((await relay.ok(wrap.id))[3]);
    }
    // Eleven of 88 KB fit in 1 MB; the twelfth does not.
    expect(answers.slice(0, 11)).toEqual(Array(11).fill(""));
    expect(answers[11]).toMatch(/^rate-limited: people who are not members may send/);
    await closeAll([relay]);
  });
});

describe("zap receipts", () => {
  const receipt = (recipient: string): Event =>
    finalizeEvent(
      {
        kind: 9735,
        created_at: now(),
        tags: [
          ["p", recipient],
          ["bolt11", "lnbc210n1forged"],
          [
            "description",
            JSON.stringify(
              finalizeEvent(
                makeZapRequest({ pubkey: recipient, amount: 21_000, relays: [relayUrl(server.url)], comment: "" }),
                generateSecretKey(),
              ),
            ),
          ],
        ],
        content: "",
      },
      generateSecretKey(),
    );

  test("cost from the same wallet budget as the HTTP zap calls of the address", async () => {
    const forwarded = { "X-Forwarded-For": "198.51.100.9" };
    for (let i = 0; i < limits.walletByAddress.max; i++) {
      const response = await fetch(`${server.url}/api/nostr/zap?user=admin`, { headers: forwarded });
      expect(response.status).toBe(200);
    }
    const reads = wallet.endpointReads;
    const relay = await connectFrom({ localAddress: "127.0.0.70", headers: forwarded });
    const event = receipt(keys.admin!.pubkey);
    relay.send(["EVENT", event]);
    expect((await relay.ok(event.id))[3]).toMatch(
      /^rate-limited: too many wallet checks from your address; try again in \d+ minutes?$/,
    );
    expect(wallet.endpointReads).toBe(reads);
    await closeAll([relay]);
  });

  test("only a few wallets are asked at once", async () => {
    // A wallet that takes three seconds to answer.
    let asked = 0;
    const slow: Server = createServer((_req, res) => {
      asked += 1;
      setTimeout(() => res.end("{}"), 3000);
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const port = (slow.address() as { port: number }).port;
    const db = await getDb();
    await db
      .update(users)
      .set({ lightningAddress: `bea@127.0.0.1:${port}` })
      .where(eq(users.userName, "editor"));
    try {
      const relays = await Promise.all(
        Array.from({ length: relayLimits.walletChecksInFlight + 1 }, (_, i) => connectFrom(from(`127.0.0.${71 + i}`))),
      );
      const events = relays.map(() => receipt(keys.editor!.pubkey));
      relays.forEach((relay, i) => relay.send(["EVENT", events[i]]));
      const answers = await Promise.all(relays.map((relay, i) => relay.ok(events[i]!.id)));
      const reasons = answers.map((answer) => String(answer[3]));
      expect(
        reasons.filter((r) => r === "rate-limited: the relay is checking other receipts; try again in a moment"),
      ).toHaveLength(1);
      expect(asked).toBe(relayLimits.walletChecksInFlight);
      await closeAll(relays);
    } finally {
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  }, 30_000);
});
