/**
 * The site's relay against real clients: nostr-tools' Relay and SimplePool (and a bare WebSocket where the
 * exact messages matter) over real WebSockets to the production build. Publishing, subscribing, every filter,
 * EOSE, OK and CLOSED reasons, refusals (signatures, sizes, kinds, strangers), limits, gift wraps only for
 * their authenticated recipient, and approved comments appearing as NIP-22 events.
 */
import { connect, type Socket } from "node:net";
import { wrapEvent, unwrapEvent } from "nostr-tools/nip17";
import { SimplePool } from "nostr-tools/pool";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commentEventTemplate } from "~/keys/comment-event";
import { serveSeededApp } from "../helpers/app-server";
import { authenticatedRelay, giveMemberKey, RawRelay, relayUrl, testKey } from "../helpers/nostr";
import { sessionCookieFor } from "../helpers/sessions";

const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
const cookies: Record<string, string> = {};
const server = serveSeededApp(async (db) => {
  for (const name of ["admin", "editor", "moderator", "member"]) {
    keys[name] = await giveMemberKey(db, name);
    cookies[name] = await sessionCookieFor(db, name);
  }
});

const now = () => Math.floor(Date.now() / 1000);
const profile = (name: string, created_at = now(), extra: Record<string, string> = {}) =>
  finalizeEvent({ kind: 0, created_at, tags: [], content: JSON.stringify({ name, ...extra }) }, keys[name]!.secret);

let relay: Relay;
beforeAll(async () => {
  relay = await Relay.connect(relayUrl(server.url));
});
afterAll(() => relay?.close());

/** An event as it travels, without the marks nostr-tools leaves on objects it verified. */
const plain = (event: Event): Event => JSON.parse(JSON.stringify(event)) as Event;

/** The stored events a filter returns, up to EOSE. */
function query(r: Relay, filters: Parameters<Relay["subscribe"]>[0]): Promise<Event[]> {
  return new Promise((resolve, reject) => {
    const found: Event[] = [];
    const sub = r.subscribe(filters, {
      onevent: (e) => found.push(plain(e)),
      oneose: () => {
        resolve(found);
        sub.close();
      },
      onclose: (reason) => reject(new Error(reason)),
    });
  });
}

describe("the information document (NIP-11)", () => {
  test("answers application/nostr+json with the site's key, NIPs and limits, for any origin", async () => {
    const response = await fetch(`${server.url}/relay`, { headers: { Accept: "application/nostr+json" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/nostr+json");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("GET");
    expect(response.headers.get("access-control-allow-headers")).toBeTruthy();
    const info = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(info.name).toBe("Daftar");
    expect(info.self).toMatch(/^[0-9a-f]{64}$/);
    // The first administrator is the contact for messages.
    expect(info.pubkey).toBe(keys.admin!.pubkey);
    expect(info.supported_nips).toEqual(expect.arrayContaining([1, 9, 11, 17, 42, 59]));
    expect(info.limitation).toMatchObject({
      max_message_length: 100000,
      max_subscriptions: 20,
      max_limit: 500,
      min_pow_difficulty: 13,
    });
    expect(info.description).toContain("proof of work (NIP-13) of 13 bits");

    const preflight = await fetch(`${server.url}/relay`, {
      method: "OPTIONS",
      headers: { Origin: "https://client.example", "Access-Control-Request-Method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  test("without the Accept header it says what the address is", async () => {
    const response = await fetch(`${server.url}/relay`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(relayUrl(server.url));
  });
});

describe("publishing and subscribing", () => {
  test("a member's profile is kept and served; EOSE follows the stored events", async () => {
    const event = profile("member");
    await expect(relay.publish(event)).resolves.toBe("");
    const found = await query(relay, [{ authors: [keys.member!.pubkey], kinds: [0] }]);
    expect(found).toEqual([plain(event)]);
  });

  test("a newer profile replaces the older one; an older one is not kept", async () => {
    const first = profile("editor", now() - 100);
    const second = profile("editor", now() - 50, { about: "newer" });
    await relay.publish(first);
    await relay.publish(second);
    const older = profile("editor", now() - 200, { about: "older" });
    const raw = await RawRelay.open(server.url);
    raw.send(["EVENT", older]);
    expect(await raw.ok(older.id)).toEqual([
      "OK",
      older.id,
      true,
      "duplicate: a newer version of this event is stored",
    ]);
    raw.send(["EVENT", second]);
    expect(await raw.ok(second.id)).toEqual(["OK", second.id, true, "duplicate: already have this event"]);
    raw.close();
    expect(await query(relay, [{ authors: [keys.editor!.pubkey] }])).toEqual([plain(second)]);
  });

  test("live events reach an open subscription after EOSE, through SimplePool too", async () => {
    const pool = new SimplePool();
    const url = relayUrl(server.url);
    const received: Event[] = [];
    let eose = false;
    const sub = pool.subscribe(
      [url],
      { kinds: [0], authors: [keys.moderator!.pubkey] },
      {
        onevent: (e) => received.push(e),
        oneose: () => (eose = true),
      },
    );
    await expect.poll(() => eose).toBe(true);
    const event = profile("moderator");
    await Promise.all(pool.publish([url], event));
    await expect.poll(() => received.map((e) => e.id)).toEqual([event.id]);
    sub.close();
    pool.close([url]);
  });
});

describe("filters", () => {
  // Four members' profiles at known times, newer than any published above (so they are the stored ones).
  const events: Event[] = [];
  beforeAll(async () => {
    const base = now() + 60;
    for (const [i, name] of ["admin", "editor", "moderator", "member"].entries()) {
      const event = finalizeEvent(
        {
          kind: 0,
          created_at: base + i * 100,
          tags: [["t", `topic-${i % 2}`], ...(i === 3 ? [["p", keys.admin!.pubkey]] : [])],
          content: JSON.stringify({ name }),
        },
        keys[name]!.secret,
      );
      events.push(event);
      await relay.publish(event);
    }
  });
  const nameOf = (e: Event) => JSON.parse(e.content).name as string;

  test("ids, authors and kinds", async () => {
    expect(await query(relay, [{ ids: [events[1]!.id] }])).toEqual([plain(events[1]!)]);
    const both = await query(relay, [{ authors: [keys.admin!.pubkey, keys.member!.pubkey], kinds: [0] }]);
    expect(both.map(nameOf).sort()).toEqual(["admin", "member"]);
    expect(await query(relay, [{ authors: [keys.admin!.pubkey], kinds: [1111] }])).toEqual([]);
  });

  test("tags: #t and #p match the first value", async () => {
    const topic0 = await query(relay, [{ "#t": ["topic-0"], kinds: [0] }]);
    expect(topic0.map(nameOf).sort()).toEqual(["admin", "moderator"]);
    expect((await query(relay, [{ "#p": [keys.admin!.pubkey] }])).map(nameOf)).toEqual(["member"]);
  });

  test("since and until are inclusive; limit keeps the newest, newest first", async () => {
    const [, b, c, d] = events;
    const window = await query(relay, [{ kinds: [0], since: b!.created_at, until: c!.created_at }]);
    expect(window.map((e) => e.id)).toEqual([c!.id, b!.id]);
    const newest = await query(relay, [{ kinds: [0], authors: events.map((e) => e.pubkey), limit: 2 }]);
    expect(newest.map((e) => e.id)).toEqual([d!.id, c!.id]);
  });

  test("several filters are one OR", async () => {
    const found = await query(relay, [{ ids: [events[0]!.id] }, { ids: [events[3]!.id] }]);
    expect(found.map((e) => e.id).sort()).toEqual([events[0]!.id, events[3]!.id].sort());
  });

  test("a bad filter is CLOSED with a reason", async () => {
    const raw = await RawRelay.open(server.url);
    raw.send(["REQ", "bad", { authors: ["ABC"] }]);
    const closed = await raw.next((m) => m[0] === "CLOSED");
    expect(closed[1]).toBe("bad");
    expect(closed[2]).toMatch(/^invalid: /);
    raw.send(["REQ", "unknown", { search: "x" }]);
    expect((await raw.next((m) => m[0] === "CLOSED"))[2]).toMatch(/^unsupported: /);
    raw.close();
  });
});

describe("refusals", () => {
  test("a bad signature, a changed event and a malformed key are invalid", async () => {
    const raw = await RawRelay.open(server.url);
    const good = profile("member", now() - 1);
    const badSig = { ...good, sig: good.sig.replace(/^./, good.sig[0] === "a" ? "b" : "a") };
    raw.send(["EVENT", badSig]);
    expect(await raw.ok(good.id)).toEqual(["OK", good.id, false, "invalid: bad signature"]);
    const changed = { ...good, content: JSON.stringify({ name: "someone else" }) };
    raw.send(["EVENT", changed]);
    expect((await raw.ok(good.id))[3]).toBe("invalid: id is not the hash of the event");
    raw.send(["EVENT", { ...good, pubkey: good.pubkey.toUpperCase() }]);
    expect((await raw.ok(good.id))[3]).toBe("invalid: pubkey must be 64 lowercase hex characters");
    raw.close();
  });

  test("a message larger than the limit closes the connection (1009) without being read", async () => {
    const raw = await RawRelay.open(server.url);
    const big = finalizeEvent(
      { kind: 0, created_at: now(), tags: [], content: "x".repeat(120_000) },
      keys.member!.secret,
    );
    const closed = new Promise<number>((resolve) => raw.socket.addEventListener("close", (e) => resolve(e.code)));
    raw.send(["EVENT", big]);
    expect(await closed).toBe(1009);
    expect(raw.messages.some((m) => m[0] === "OK")).toBe(false);
  });

  test("kinds it does not keep, strangers' profiles and comments from outside are blocked", async () => {
    const raw = await RawRelay.open(server.url);
    const note = finalizeEvent({ kind: 1, created_at: now(), tags: [], content: "hello" }, keys.member!.secret);
    raw.send(["EVENT", note]);
    expect((await raw.ok(note.id))[3]).toMatch(/^blocked: /);
    const stranger = finalizeEvent({ kind: 0, created_at: now(), tags: [], content: "{}" }, generateSecretKey());
    raw.send(["EVENT", stranger]);
    expect((await raw.ok(stranger.id))[3]).toBe("blocked: this relay keeps the profiles of this site's members only");
    const comment = finalizeEvent(
      commentEventTemplate(`${server.url}/en/notes/learning-slowly`, "Hello there"),
      keys.member!.secret,
    );
    raw.send(["EVENT", comment]);
    expect((await raw.ok(comment.id))[3]).toBe(
      "blocked: comments are written on the site's pages, where they are moderated",
    );
    const future = finalizeEvent({ kind: 0, created_at: now() + 3600, tags: [], content: "{}" }, keys.member!.secret);
    raw.send(["EVENT", future]);
    expect((await raw.ok(future.id))[3]).toBe("invalid: event creation date is too far in the future");
    raw.close();
  });

  test("messages that are not JSON or not a known type get a NOTICE", async () => {
    const raw = await RawRelay.open(server.url);
    raw.send("not json");
    expect((await raw.next((m) => m[0] === "NOTICE"))[1]).toBe("invalid: message is not JSON");
    raw.send(["COUNT", "x", {}]);
    expect((await raw.next((m) => m[0] === "NOTICE"))[1]).toMatch(/^unsupported: /);
    raw.close();
  });
});

describe("limits per connection", () => {
  test("at most 20 open subscriptions: the next is CLOSED; closing one makes room", async () => {
    const raw = await RawRelay.open(server.url);
    for (let i = 0; i < 20; i++) {
      raw.send(["REQ", `s${i}`, { kinds: [0], limit: 1 }]);
      await raw.next((m) => m[0] === "EOSE" && m[1] === `s${i}`);
    }
    raw.send(["REQ", "s20", { kinds: [0] }]);
    expect(await raw.next((m) => m[0] === "CLOSED")).toEqual([
      "CLOSED",
      "s20",
      "blocked: at most 20 open subscriptions per connection",
    ]);
    raw.send(["CLOSE", "s0"]);
    raw.send(["REQ", "s20", { kinds: [0], limit: 1 }]);
    await raw.next((m) => m[0] === "EOSE" && m[1] === "s20");
    raw.close();
  });

  test("more than 30 events a minute are rate-limited", async () => {
    const raw = await RawRelay.open(server.url);
    const sent: Event[] = [];
    for (let i = 0; i < 31; i++) {
      const event = profile("member", now() - 1000 - i);
      sent.push(event);
      raw.send(["EVENT", event]);
    }
    for (const event of sent.slice(0, 30)) expect((await raw.ok(event.id))[3]).not.toMatch(/^rate-limited/);
    expect((await raw.ok(sent[30]!.id))[3]).toMatch(/^rate-limited: /);
    raw.close();
  });
});

describe("gift-wrapped messages (NIP-17 over NIP-59)", () => {
  test("a round trip between two members through the relay, each read only by its recipient", async () => {
    const alice = keys.admin!;
    const bob = keys.member!;
    const url = relayUrl(server.url);
    const toBob = wrapEvent(alice.secret, { publicKey: bob.pubkey, relayUrl: url }, "Salaam Bob, سلام");
    // Alice sends it authenticated as her member's key: no proof of work is asked of members.
    const aliceRelay = await authenticatedRelay(url, alice.secret);
    await expect(aliceRelay.publish(toBob)).resolves.toBe("");

    // Unauthenticated: refused by name.
    const raw = await RawRelay.open(server.url);
    raw.send(["REQ", "dm", { kinds: [1059], "#p": [bob.pubkey] }]);
    expect((await raw.next((m) => m[0] === "CLOSED"))[2]).toMatch(/^auth-required: /);
    // Without asking by kind, wraps are simply not served.
    raw.send(["REQ", "all", { "#p": [bob.pubkey] }]);
    await raw.next((m) => m[0] === "EOSE" && m[1] === "all");
    expect(raw.messages.some((m) => m[0] === "EVENT" && m[1] === "all")).toBe(false);
    raw.close();

    // Bob authenticates (NIP-42) and reads his message.
    const bobRelay = await authenticatedRelay(url, bob.secret);
    const inbox = await query(bobRelay, [{ kinds: [1059], "#p": [bob.pubkey] }]);
    expect(inbox.map((e) => e.id)).toEqual([toBob.id]);
    const rumor = unwrapEvent(inbox[0]!, bob.secret);
    expect(rumor).toMatchObject({ kind: 14, pubkey: alice.pubkey, content: "Salaam Bob, سلام" });
    // The wrap's date is randomised up to two days back.
    expect(toBob.created_at).toBeLessThanOrEqual(now());
    expect(toBob.created_at).toBeGreaterThan(now() - 2 * 24 * 3600 - 60);

    // Bob answers; Alice (authenticated) gets it live.
    const live: Event[] = [];
    let eose = false;
    aliceRelay.subscribe([{ kinds: [1059], "#p": [alice.pubkey] }], {
      onevent: (e) => live.push(e),
      oneose: () => (eose = true),
    });
    await expect.poll(() => eose).toBe(true);
    const reply = wrapEvent(bob.secret, { publicKey: alice.pubkey }, "Hello Alice", undefined, { eventId: rumor.id });
    await bobRelay.publish(reply);
    await expect.poll(() => live.length).toBe(1);
    expect(unwrapEvent(live[0]!, alice.secret)).toMatchObject({ pubkey: bob.pubkey, content: "Hello Alice" });

    // A third key, authenticated as itself, never sees Bob's.
    const eve = testKey("eve");
    const eveRelay = await authenticatedRelay(url, eve.secret);
    expect(await query(eveRelay, [{ kinds: [1059] }])).toEqual([]);
    for (const r of [bobRelay, aliceRelay, eveRelay]) r.close();
  });

  test("wraps to strangers, with two recipients, or dated too far back are refused", async () => {
    const raw = await RawRelay.open(server.url);
    const stranger = wrapEvent(keys.member!.secret, { publicKey: getPublicKey(generateSecretKey()) }, "hi");
    raw.send(["EVENT", stranger]);
    expect((await raw.ok(stranger.id))[3]).toBe(
      "blocked: this relay keeps messages addressed to this site's members only",
    );
    const old = finalizeEvent(
      { kind: 1059, created_at: now() - 4 * 24 * 3600, tags: [["p", keys.member!.pubkey]], content: "x" },
      generateSecretKey(),
    );
    raw.send(["EVENT", old]);
    expect((await raw.ok(old.id))[3]).toBe("invalid: event creation date is too far in the past");
    const two = finalizeEvent(
      {
        kind: 1059,
        created_at: now(),
        tags: [
          ["p", keys.member!.pubkey],
          ["p", keys.admin!.pubkey],
        ],
        content: "x",
      },
      generateSecretKey(),
    );
    raw.send(["EVENT", two]);
    expect((await raw.ok(two.id))[3]).toMatch(/^invalid: /);
    raw.close();
  });

  test("a member authenticated on the connection may answer a visitor who is not a member", async () => {
    const visitor = testKey("visitor");
    const answer = wrapEvent(keys.admin!.secret, { publicKey: visitor.pubkey }, "Thanks for writing");
    const anonymous = await RawRelay.open(server.url);
    anonymous.send(["EVENT", answer]);
    expect((await anonymous.ok(answer.id))[3]).toMatch(/^blocked: /);
    anonymous.close();
    const admin = await authenticatedRelay(relayUrl(server.url), keys.admin!.secret);
    await expect(admin.publish(answer)).resolves.toBe("");
    admin.close();
    // The visitor reads it once authenticated as their key.
    const reader = await authenticatedRelay(relayUrl(server.url), visitor.secret);
    const found = await query(reader, [{ kinds: [1059], "#p": [visitor.pubkey] }]);
    expect(unwrapEvent(found[0]!, visitor.secret).content).toBe("Thanks for writing");
    reader.close();
  });

  test("AUTH with a wrong challenge or another relay's URL is refused", async () => {
    const raw = await RawRelay.open(server.url);
    const [, challenge] = await raw.next((m) => m[0] === "AUTH");
    const wrong = finalizeEvent(
      {
        kind: 22242,
        created_at: now(),
        tags: [
          ["relay", relayUrl(server.url)],
          ["challenge", "nope"],
        ],
        content: "",
      },
      keys.member!.secret,
    );
    raw.send(["AUTH", wrong]);
    expect((await raw.ok(wrong.id))[3]).toBe("invalid: the challenge does not match");
    const elsewhere = finalizeEvent(
      {
        kind: 22242,
        created_at: now(),
        tags: [
          ["relay", "wss://other.example/relay"],
          ["challenge", String(challenge)],
        ],
        content: "",
      },
      keys.member!.secret,
    );
    raw.send(["AUTH", elsewhere]);
    expect((await raw.ok(elsewhere.id))[3]).toBe("invalid: the relay tag names another relay");
    raw.close();
  });
});

describe("comments on the relay (NIP-22)", () => {
  const routePath = "/en/notes/learning-slowly";
  const pageUrl = () => server.url + routePath;

  async function api(path: string, body: unknown, cookie?: string) {
    const response = await fetch(server.url + path, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  test("a member's approved comment appears at once, signed by the site, scoped to the page", async () => {
    const info = (await (
      await fetch(`${server.url}/relay`, { headers: { Accept: "application/nostr+json" } })
    ).json()) as {
      self: string;
    };
    const live: Event[] = [];
    let eose = false;
    const sub = relay.subscribe([{ kinds: [1111], "#I": [pageUrl()] }], {
      onevent: (e) => live.push(e),
      oneose: () => (eose = true),
    });
    await expect.poll(() => eose).toBe(true);
    const posted = await api(
      "/api/comments/new",
      { routePath, commentBody: "A moderator's comment, approved at once" },
      cookies.moderator,
    );
    expect(posted.status).toBe(201);
    await expect.poll(() => live.length).toBe(1);
    expect(live[0]).toMatchObject({
      kind: 1111,
      pubkey: info.self,
      content: "A moderator's comment, approved at once",
    });
    expect(live[0]!.tags).toEqual(
      expect.arrayContaining([
        ["I", pageUrl()],
        ["K", "web"],
        ["i", pageUrl()],
        ["k", "web"],
      ]),
    );
    sub.close();
  });

  test("an anonymous signed comment appears as its author's own event once approved, and leaves when marked spam", async () => {
    const visitor = generateSecretKey();
    const event = finalizeEvent(commentEventTemplate(pageUrl(), "A visitor's signed comment"), visitor);
    const posted = await api("/api/comments/new", { routePath, commentBody: "A visitor's signed comment", event });
    expect(posted.status).toBe(201);
    expect(await query(relay, [{ ids: [event.id] }])).toEqual([]);
    const id = posted.body.comment.id as number;
    expect((await api("/api/comments/moderate", { id, newStatus: "approved" }, cookies.moderator)).status).toBe(200);
    expect(await query(relay, [{ ids: [event.id] }])).toEqual([plain(event)]);
    expect((await query(relay, [{ kinds: [1111], authors: [getPublicKey(visitor)] }])).length).toBe(1);
    expect((await api("/api/comments/moderate", { id, newStatus: "spam" }, cookies.moderator)).status).toBe(200);
    expect(await query(relay, [{ ids: [event.id] }])).toEqual([]);
  });
});

test("the relay refuses connections on other paths", async () => {
  const socket = new WebSocket(`${relayUrl(server.url)}/extra`);
  const outcome = await new Promise<string>((resolve) => {
    socket.addEventListener("open", () => resolve("open"));
    socket.addEventListener("error", () => resolve("error"));
  });
  expect(outcome).toBe("error");
});

test("clients that vanish mid-upgrade or mid-connection leave the server serving", async () => {
  const { port } = new URL(server.url);
  const upgrade = (then: (socket: Socket) => void) =>
    new Promise<void>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `GET /relay HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        );
        then(socket);
      });
      socket.on("error", () => undefined);
      socket.on("close", () => resolve());
    });
  // Gone before the upgrade is answered, and gone after it without a closing handshake.
  await Promise.all(Array.from({ length: 5 }, () => upgrade((socket) => socket.resetAndDestroy())));
  await upgrade((socket) => socket.once("data", () => socket.resetAndDestroy()));
  const response = await fetch(`${server.url}/relay`, { headers: { Accept: "application/nostr+json" } });
  expect(response.status).toBe(200);
  const relay = await Relay.connect(relayUrl(server.url));
  expect(relay.connected).toBe(true);
  relay.close();
});

describe("the address with a trailing slash", () => {
  test("/relay/ takes the WebSocket and serves the information document, as /relay does", async () => {
    // A bare WebSocket: nostr-tools itself takes the slash off before it connects.
    const slashed = await RawRelay.open(server.url, { path: "/relay/" });
    try {
      const event = profile("member");
      slashed.send(["EVENT", event]);
      expect((await slashed.ok(event.id))[2]).toBe(true);
    } finally {
      slashed.close();
    }
    const response = await fetch(`${server.url}/relay/`, { headers: { Accept: "application/nostr+json" } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name?: string }).name).toBeTruthy();
  });
});
