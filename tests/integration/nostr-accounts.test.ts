/**
 * Nostr keys and accounts: linking one's own key with a signed challenge and signing in with it (no password),
 * a visitor's key upgraded to an account keeping its comments, and checking identities elsewhere (another
 * domain's names document within 1.5 s, a GitHub gist) against local test servers.
 */
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { npubEncode } from "nostr-tools/nip19";
import { finalizeEvent, generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commentEventTemplate } from "~/keys/comment-event";
import { getDb } from "~/db/client.server";
import { comments, users } from "~/db/schema";
import { ApiClient, provenKey } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { testKey } from "../helpers/nostr";

// Names documents and gists are served on this machine.
process.env.OUTBOUND_ALLOW_PRIVATE = "true";
let other: Server;
let otherHost = "";
const otherNames: Record<string, string> = {};
beforeAll(async () => {
  other = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/.well-known/nostr.json") {
      const name = url.searchParams.get("name") ?? "";
      if (name === "slow") return void setTimeout(() => res.end("{}"), 2500);
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ names: name in otherNames ? { [name]: otherNames[name] } : {} }));
    }
    const gist = /^\/([\w-]+)\/(\w+)\/raw$/.exec(url.pathname);
    if (gist?.[2] === "proofgist") return void res.end(`Hello\n${gistText}\n`);
    if (gist?.[2] === "othergist") return void res.end("Nothing to see");
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
  const address = other.address();
  otherHost = `127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  process.env.GIST_RAW_URL = `http://${otherHost}`;
});
afterAll(() => other?.close());

const server = serveSeededApp();
const extension = testKey("member's extension");
let gistText = "";

async function signedChallenge(client: ApiClient, secret: Uint8Array, relay = client.baseUrl) {
  const { body } = await client.get<{ challenge: string }>("/api/auth/nostr/challenge");
  return finalizeEvent(
    {
      kind: 22242,
      created_at: Math.floor(Date.now() / 1000),
      content: "",
      tags: [
        ["relay", relay],
        ["challenge", body.challenge],
      ],
    },
    secret,
  );
}

describe("sign in with Nostr", () => {
  test("a member links their extension's key; it becomes their Nostr name's key", async () => {
    const member = new ApiClient(server.url);
    await member.login("member");
    const linked = await member.post("/api/auth/nostr/link", {
      event: await signedChallenge(member, extension.secret),
    });
    expect(linked).toMatchObject({ status: 200, body: { pubkey: extension.pubkey } });
    const names = await (await fetch(`${server.url}/.well-known/nostr.json?name=member`)).json();
    expect(names).toMatchObject({ names: { member: extension.pubkey } });
  });

  test("then signs in with it, without a password; a challenge works once", async () => {
    const browser = new ApiClient(server.url);
    const event = await signedChallenge(browser, extension.secret);
    const signedIn = await browser.post("/api/auth/nostr/login", { event });
    expect(signedIn).toMatchObject({
      status: 200,
      body: { message: "Login successful", user: { userName: "member" } },
    });
    expect((await browser.get<{ user?: { userName: string } }>("/api/_auth/session")).body.user?.userName).toBe(
      "member",
    );
    const again = await new ApiClient(server.url).post("/api/auth/nostr/login", { event });
    expect(again).toMatchObject({ status: 400, body: { message: "The sign-in request expired. Try again." } });
  });

  test("a key nobody linked, another site's challenge and a bad signature are refused", async () => {
    const browser = new ApiClient(server.url);
    const stranger = await browser.post("/api/auth/nostr/login", {
      event: await signedChallenge(browser, generateSecretKey()),
    });
    expect(stranger.status).toBe(401);
    expect(stranger.body.message).toContain("No account has linked this key.");
    const elsewhere = await browser.post("/api/auth/nostr/login", {
      event: await signedChallenge(browser, extension.secret, "https://other.example"),
    });
    expect(elsewhere).toMatchObject({ status: 400, body: { message: "The signed challenge is not valid." } });
    const event = await signedChallenge(browser, extension.secret);
    const forged = await browser.post("/api/auth/nostr/login", { event: { ...event, sig: "0".repeat(128) } });
    expect(forged.status).toBe(400);
    expect((await browser.get<{ user?: unknown }>("/api/_auth/session")).body.user).toBeUndefined();
  });

  test("a key linked to one account cannot be linked to another; unlinking frees it", async () => {
    const editor = new ApiClient(server.url);
    await editor.login("editor");
    const taken = await editor.post("/api/auth/nostr/link", { event: await signedChallenge(editor, extension.secret) });
    expect(taken).toMatchObject({ status: 409, body: { message: "This key is already linked to another account." } });
    const member = new ApiClient(server.url);
    await member.login("member");
    expect((await member.delete("/api/auth/nostr/link")).status).toBe(200);
    expect(
      (await editor.post("/api/auth/nostr/link", { event: await signedChallenge(editor, extension.secret) })).status,
    ).toBe(200);
    expect((await new ApiClient(server.url).post("/api/auth/nostr/link", { event: {} })).status).toBe(401);
  });
});

test("a visitor's key upgraded to an account keeps the comments it signed", async () => {
  const routePath = "/en/notes/learning-slowly";
  const key = provenKey(server.url, "register", 4242);
  const event = finalizeEvent(
    commentEventTemplate(server.url + routePath, "Written before I had an account"),
    key.secret,
  );
  const visitor = new ApiClient(server.url);
  const posted = await visitor.post<{ comment: { id: number } }>("/api/comments/new", {
    routePath,
    commentBody: "Written before I had an account",
    event,
  });
  expect(posted.status).toBe(201);
  const registered = await visitor.post<{ user: { id: number } }>("/api/auth/register", {
    firstName: "Nava",
    lastName: "Visitor",
    about: "Was a visitor",
    userName: "nava",
    password: "secret-pass",
    pub: key.pub,
    proof: key.proof,
  });
  expect(registered.status).toBe(201);
  const row = await (await getDb()).select().from(comments).where(eq(comments.id, posted.body.comment.id)).get();
  expect(row?.userId).toBe(registered.body.user.id);
});

describe("identities elsewhere", () => {
  let admin: ApiClient;
  const key = getPublicKey(generateSecretKey());
  beforeAll(async () => {
    admin = new ApiClient(server.url);
    await admin.login("admin");
    otherNames.sara = key;
    gistText = `Verifying that I control the following Nostr public key: ${npubEncode(key)}`;
  });

  test("another domain's names document names the key, or does not", async () => {
    expect(
      (await admin.post("/api/nostr/verify", { identifier: `Sara@${otherHost}`, pubkey: key })).body,
    ).toMatchObject({
      verified: true,
      message: `sara@${otherHost} names this key.`,
    });
    const other = getPublicKey(generateSecretKey());
    expect(
      (await admin.post("/api/nostr/verify", { identifier: `sara@${otherHost}`, pubkey: other })).body.verified,
    ).toBe(false);
    expect((await admin.post("/api/nostr/verify", { identifier: "not an address", pubkey: key })).body.message).toBe(
      "A Nostr address looks like name@domain (letters, digits, . _ -).",
    );
  });

  test("a names document slower than 1.5 s counts as no answer", async () => {
    const started = Date.now();
    const answer = await admin.post("/api/nostr/verify", { identifier: `slow@${otherHost}`, pubkey: key });
    expect(answer).toMatchObject({ status: 502, body: { message: `${otherHost} did not answer in time.` } });
    expect(Date.now() - started).toBeLessThan(2400);
  });

  test("a gist proves the key when it holds the proof text (NIP-39)", async () => {
    expect(
      (await admin.post("/api/nostr/verify", { user: "sara", gist: "proofgist", pubkey: key })).body,
    ).toMatchObject({
      verified: true,
      message: "The gist by sara proves this key.",
    });
    expect(
      (await admin.post("/api/nostr/verify", { user: "sara", gist: "othergist", pubkey: key })).body.verified,
    ).toBe(false);
    expect((await admin.post("/api/nostr/verify", { user: "sara", gist: "missing", pubkey: key })).body.verified).toBe(
      false,
    );
  });

  test("checking needs an account", async () => {
    expect(
      (await new ApiClient(server.url).post("/api/nostr/verify", { identifier: `sara@${otherHost}`, pubkey: key }))
        .status,
    ).toBe(401);
  });
});

test("members' rows are untouched by a refused link", async () => {
  const row = await (await getDb()).select().from(users).where(eq(users.userName, "admin")).get();
  expect(row?.nostrPub).toBeNull();
});
