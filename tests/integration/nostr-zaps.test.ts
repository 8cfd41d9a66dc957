/**
 * Zaps (NIP-57) against a local LNURL server that keeps the LUD-06/LUD-16 and NIP-57 contracts: each message a
 * refused zap request gets, the whole client flow (terms, a signed zap request, the invoice, the receipt on the
 * site's relay), lightning addresses on profiles, and wallets that cannot take zaps.
 */
import { bech32 } from "@scure/base";
import { eq } from "drizzle-orm";
import { makeZapRequest } from "nostr-tools/nip57";
import { finalizeEvent, generateSecretKey, type Event, type EventTemplate } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { afterAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { startLnurlServer, type LnurlServer } from "../helpers/lnurl-server";
import { giveMemberKey, relayUrl } from "../helpers/nostr";
import { sessionCookieFor } from "../helpers/sessions";

// The wallet runs on this machine: let the server's own requests reach loopback.
process.env.OUTBOUND_ALLOW_PRIVATE = "true";

let wallet: LnurlServer;
const keys: Record<string, { secret: Uint8Array; pubkey: string }> = {};
const cookies: Record<string, string> = {};
const server = serveSeededApp(async (db) => {
  wallet = await startLnurlServer();
  keys.admin = await giveMemberKey(db, "admin");
  keys.member = await giveMemberKey(db, "member");
  await db
    .update(users)
    .set({ lightningAddress: wallet.address("ava") })
    .where(eq(users.userName, "admin"));
  cookies.member = await sessionCookieFor(db, "member");
  cookies.moderator = await sessionCookieFor(db, "moderator");
});
afterAll(async () => wallet?.close());

const visitor = generateSecretKey();
const now = () => Math.floor(Date.now() / 1000);

async function call(method: string, path: string, body?: unknown, cookie?: string) {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      "accept-language": "en",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const zapRequest = (tags: string[][], secret = visitor): Event =>
  finalizeEvent({ kind: 9734, created_at: now(), content: "", tags } satisfies EventTemplate, secret);

describe("zap requests the server is given", () => {
  const relays = () => ["relays", relayUrl(server.url)];
  const p = () => ["p", keys.admin!.pubkey];
  const cases: [string, () => string, string][] = [
    ["not JSON", () => "{ not json", "Invalid zap request JSON."],
    ["not an event", () => JSON.stringify({ kind: 9734, tags: [] }), "Zap request is not a valid Nostr event."],
    [
      "a bad signature",
      () => {
        const event = zapRequest([p(), relays()]);
        return JSON.stringify({ ...event, sig: (event.sig[0] === "0" ? "1" : "0") + event.sig.slice(1) });
      },
      "Invalid signature on zap request.",
    ],
    ["no p tag", () => JSON.stringify(zapRequest([relays()])), "Zap request doesn't have a 'p' tag."],
    [
      "a p tag that is not hex",
      () => JSON.stringify(zapRequest([["p", "not-hex"], relays()])),
      "Zap request 'p' tag is not valid hex.",
    ],
    [
      "an e tag that is not hex",
      () => JSON.stringify(zapRequest([p(), ["e", "zz"], relays()])),
      "Zap request 'e' tag is not valid hex.",
    ],
    ["no relays tag", () => JSON.stringify(zapRequest([p()])), "Zap request doesn't have a 'relays' tag."],
  ];
  test.each(cases)("%s is refused with its message, and the wallet is never asked", async (_name, make, message) => {
    const before = wallet.requests.length;
    const answer = await call("POST", "/api/nostr/zap", { user: "admin", amount: 21_000, zapRequest: make() });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(wallet.requests.length).toBe(before);
  });

  test("a request for someone else, or for another amount, is refused", async () => {
    const forMember = JSON.stringify(zapRequest([["p", keys.member!.pubkey], relays()]));
    expect(
      (await call("POST", "/api/nostr/zap", { user: "admin", amount: 21_000, zapRequest: forMember })).body.message,
    ).toBe("The zap request is not addressed to this member.");
    const otherAmount = JSON.stringify(zapRequest([p(), relays(), ["amount", "5000"]]));
    expect(
      (await call("POST", "/api/nostr/zap", { user: "admin", amount: 21_000, zapRequest: otherAmount })).body.message,
    ).toBe("The zap request's amount differs from the amount asked for.");
  });
});

describe("the NIP-57 client flow", () => {
  test("terms, a signed request, the invoice, and the receipt on the site's relay", async () => {
    // 1. The pay endpoint's terms, read through the site.
    const terms = await call("GET", "/api/nostr/zap?user=admin");
    expect(terms.status).toBe(200);
    expect(terms.body).toMatchObject({
      recipient: { userName: "admin", pubkey: keys.admin!.pubkey },
      minSendable: 1000,
      maxSendable: 1_000_000_000,
      nostrPubkey: wallet.nostrPubkey,
    });
    const { words } = bech32.decode(terms.body.lnurl as `${string}1${string}`, 5000);
    expect(new TextDecoder().decode(bech32.fromWords(words))).toBe(`${wallet.url}/.well-known/lnurlp/ava`);

    // 2. The visitor's browser signs a zap request (p, relays, amount, lnurl).
    const template = makeZapRequest({
      pubkey: keys.admin!.pubkey,
      amount: 21_000,
      comment: "Thanks for the notes",
      relays: [relayUrl(server.url)],
    });
    template.tags.push(["lnurl", terms.body.lnurl]);
    const signed = finalizeEvent(template, visitor);

    // 3. The site checks it and asks the wallet's callback for an invoice.
    const invoice = await call("POST", "/api/nostr/zap", {
      user: "admin",
      amount: 21_000,
      zapRequest: JSON.stringify(signed),
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body.pr).toMatch(/^lnbc210n1/);
    const asked = wallet.requests.at(-1)!;
    expect(asked).toEqual({ amount: "21000", nostr: JSON.stringify(signed), lnurl: terms.body.lnurl });

    // 4. Paid: the wallet publishes the receipt to the relays the request named; the site's relay keeps it.
    const receipt = await wallet.pay(invoice.body.pr as string);
    const relay = await Relay.connect(relayUrl(server.url));
    const found: Event[] = [];
    await new Promise<void>((resolve) =>
      relay.subscribe([{ kinds: [9735], "#p": [keys.admin!.pubkey] }], {
        onevent: (e) => found.push(e),
        oneose: resolve,
      }),
    );
    relay.close();
    expect(found.map((e) => e.id)).toEqual([receipt.id]);
    // What a client checks (appendix F): signed by the wallet's key, describing the request.
    expect(found[0]!.pubkey).toBe(wallet.nostrPubkey);
    expect(found[0]!.tags.find((t) => t[0] === "description")?.[1]).toBe(JSON.stringify(signed));
  });

  test("a receipt not signed by the member's wallet is refused by the relay", async () => {
    const signed = zapRequest([
      ["p", keys.admin!.pubkey],
      ["relays", relayUrl(server.url)],
    ]);
    const forged = finalizeEvent(
      {
        kind: 9735,
        created_at: now(),
        content: "",
        tags: [
          ["p", keys.admin!.pubkey],
          ["bolt11", "lnbc1"],
          ["description", JSON.stringify(signed)],
        ],
      },
      generateSecretKey(),
    );
    const relay = await Relay.connect(relayUrl(server.url));
    await expect(relay.publish(forged)).rejects.toThrow("invalid: the receipt is not signed by the recipient's wallet");
    relay.close();
  });

  test("a zap for a comment carries its event id", async () => {
    const signed = zapRequest([
      ["p", keys.admin!.pubkey],
      ["e", "a".repeat(64)],
      ["relays", relayUrl(server.url)],
      ["amount", "5000"],
    ]);
    const invoice = await call("POST", "/api/nostr/zap", {
      user: "admin",
      amount: 5000,
      zapRequest: JSON.stringify(signed),
    });
    expect(invoice.status).toBe(200);
    expect(invoice.body.pr).toMatch(/^lnbc50n1/);
  });
});

describe("wallets and addresses", () => {
  test("a member without a lightning address cannot be zapped", async () => {
    expect(await call("GET", "/api/nostr/zap?user=member")).toMatchObject({
      status: 404,
      body: { message: "This member has no lightning address." },
    });
  });

  test("a wallet without zaps, or one that answers nonsense, is reported as such", async () => {
    try {
      wallet.mode = "plain";
      expect(await call("GET", "/api/nostr/zap?user=admin")).toMatchObject({
        status: 422,
        body: { message: "This lightning wallet does not take zaps." },
      });
      wallet.mode = "broken";
      expect(await call("GET", "/api/nostr/zap?user=admin")).toMatchObject({
        status: 502,
        body: { message: "The lightning wallet's answer could not be read." },
      });
    } finally {
      wallet.mode = "zaps";
    }
  });

  test("an amount outside the wallet's range is refused", async () => {
    const signed = zapRequest([
      ["p", keys.admin!.pubkey],
      ["relays", relayUrl(server.url)],
    ]);
    const answer = await call("POST", "/api/nostr/zap", {
      user: "admin",
      amount: 2_000_000_000,
      zapRequest: JSON.stringify(signed),
    });
    expect(answer).toMatchObject({ status: 400, body: { message: "Choose an amount from 1 to 1000000 sats." } });
  });

  test("a member sets and removes a lightning address; their comments become zappable", async () => {
    const bad = await call(
      "PUT",
      "/api/nostr/lightning-address",
      { lightningAddress: "not an address" },
      cookies.member,
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { message: "A lightning address looks like name@wallet.example." },
    });
    const saved = await call(
      "PUT",
      "/api/nostr/lightning-address",
      { lightningAddress: " Mo@Wallet.Example " },
      cookies.member,
    );
    expect(saved).toMatchObject({
      status: 200,
      body: { message: "Lightning address saved", lightningAddress: "mo@wallet.example" },
    });
    expect(
      (await (await getDb()).select().from(users).where(eq(users.userName, "member")).get())?.lightningAddress,
    ).toBe("mo@wallet.example");

    const routePath = "/en/notes/learning-slowly";
    // The member's comment, approved by a moderator.
    const posted = await call(
      "POST",
      "/api/comments/new",
      { routePath, commentBody: "A member's zappable comment" },
      cookies.member,
    );
    await call(
      "POST",
      "/api/comments/moderate",
      { id: posted.body.comment.id, newStatus: "approved" },
      cookies.moderator,
    );
    const list = await call("GET", `/api/comments?routePath=${encodeURIComponent(routePath)}`);
    const mine = (list.body.comments as { body: string; zappable: boolean; authorUserName: string }[]).find(
      (c) => c.body === "A member's zappable comment",
    );
    expect(mine).toMatchObject({ zappable: true, authorUserName: "member" });
    expect(list.body.zapPostTo).toBe("admin");

    const removed = await call("PUT", "/api/nostr/lightning-address", { lightningAddress: "" }, cookies.member);
    expect(removed).toMatchObject({
      status: 200,
      body: { message: "Lightning address removed", lightningAddress: null },
    });
    expect((await call("PUT", "/api/nostr/lightning-address", { lightningAddress: "" })).status).toBe(401);
  });
});
