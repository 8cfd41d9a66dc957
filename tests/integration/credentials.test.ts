/**
 * Credentials: an account counts only while it is enabled, whatever names it (a session, a password, a signed
 * request with a browser key or the linked key, a sign-in with the linked key, relay membership); a stolen
 * session cannot add a way to sign in (linking needs the password, or a fresh sign-in); a password change and
 * "sign out everywhere" remove the keys the member does not keep, the profile removes any one, and a removed
 * key signs nothing; a signed request is accepted once; sign-in challenges are budgeted per address.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { finalizeEvent, type EventTemplate } from "nostr-tools/pure";
import { describe, expect, test } from "vitest";
import { limits } from "~/db/rate-limit.server";
import { getDb } from "~/db/client.server";
import { deleteExpiredSignedRequests } from "~/auth/nostr-http-auth.server";
import { devices, nostrChallenges, roles, sessions, signedRequests, users } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";
import { RawRelay, testKey } from "../helpers/nostr";

const server = serveSeededApp();

/** A NIP-98 Authorization header for `method` on `path`, signed with `secret`. */
function signedHeader(
  secret: Uint8Array,
  method: string,
  path: string,
  body?: string,
  over: Partial<EventTemplate> = {},
) {
  const tags = [
    ["u", server.url + path],
    ["method", method],
    ...(body ? [["payload", createHash("sha256").update(body).digest("hex")]] : []),
  ];
  const event = finalizeEvent(
    { kind: 27235, created_at: Math.floor(Date.now() / 1000), content: "", tags, ...over },
    secret,
  );
  return `Nostr ${Buffer.from(JSON.stringify(event)).toString("base64")}`;
}

async function signedCall(secret: Uint8Array, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const response = await fetch(server.url + path, {
    method,
    headers: {
      "accept-language": "en",
      authorization: signedHeader(secret, method, path, text),
      ...(text ? { "content-type": "application/json" } : {}),
    },
    body: text,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message?: string; user?: { userName: string } },
  };
}

let probes = 0;

/**
 * Whom a signed request with `key` speaks for (the session call answers {} for nobody), or undefined. Each probe
 * is a request of its own (the keys are the same in every test, and a token signed twice in one second for the
 * same request is the same token, refused the second time as a replay).
 */
async function speaksFor(key: { secret: Uint8Array }): Promise<string | undefined> {
  const answer = await signedCall(key.secret, "GET", `/api/_auth/session?probe=${++probes}`);
  return answer.body.user?.userName;
}

async function signedChallenge(client: ApiClient, secret: Uint8Array) {
  const { body } = await client.get<{ challenge: string }>("/api/auth/nostr/challenge");
  return finalizeEvent(
    {
      kind: 22242,
      created_at: Math.floor(Date.now() / 1000),
      content: "",
      tags: [
        ["relay", client.baseUrl],
        ["challenge", body.challenge],
      ],
    },
    secret,
  );
}

async function userRow(userName: string) {
  return (await (await getDb()).select().from(users).where(eq(users.userName, userName)).get())!;
}

/** Gives `userName` a browser key (a device, and the account's key) and a linked extension key, as in use. */
async function giveKeys(userName: string) {
  const db = await getDb();
  const user = await userRow(userName);
  const browser = testKey(`${userName}'s browser`);
  const extension = testKey(`${userName}'s extension`);
  await db
    .insert(devices)
    .values({ pub: browser.pubkey, userId: user.id, lastActivityAt: new Date() })
    .onConflictDoUpdate({ target: devices.pub, set: { userId: user.id } });
  await db
    .update(users)
    .set({ pub: browser.pubkey, nostrPub: extension.pubkey, nostrLinkedAt: new Date() })
    .where(eq(users.id, user.id));
  return { user, browser, extension };
}

/** Ages every session of `userName` past the ten minutes that count as a recent proof. */
async function ageSessions(userName: string) {
  const user = await userRow(userName);
  const old = new Date(Date.now() - 60 * 60_000);
  await (await getDb()).update(sessions).set({ createdAt: old, passwordAt: old }).where(eq(sessions.userId, user.id));
}

describe("a disabled account counts for nothing, whatever the credential", () => {
  test("session, password, browser key, linked key (signed requests and sign-in), and the relay", async () => {
    const { user, browser, extension } = await giveKeys("editor");
    const editor = new ApiClient(server.url);
    await editor.login("editor");
    // Every credential works while the account is enabled.
    expect(await speaksFor(browser)).toBe("editor");
    expect(await speaksFor(extension)).toBe("editor");

    const admin = new ApiClient(server.url);
    await admin.login("admin");
    expect((await admin.post("/api/users/disable", { userId: user.id })).status).toBe(200);

    // The session ended, and a cookie of a disabled account reads as none.
    expect((await editor.get<{ user?: unknown }>("/api/_auth/session")).body.user).toBeUndefined();
    const login = await new ApiClient(server.url).post("/api/auth/login", {
      userName: "editor",
      password: "password123",
    });
    expect(login).toMatchObject({
      status: 403,
      body: { message: expect.stringContaining("This account is disabled") },
    });
    // Signed requests with the browser's key or the linked key: refused, and they change nothing.
    for (const key of [browser, extension]) {
      const answer = await signedCall(key.secret, "PUT", "/api/users/update-profile", {
        firstName: "Back",
        lastName: "Door",
        about: "",
      });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain("This account is disabled");
    }
    expect((await userRow("editor")).firstName).toBe("Eli");
    // Signing in with the linked key.
    const browserClient = new ApiClient(server.url);
    const signIn = await browserClient.post("/api/auth/nostr/login", {
      event: await signedChallenge(browserClient, extension.secret),
    });
    expect(signIn.status).toBe(403);
    expect((await browserClient.get<{ user?: unknown }>("/api/_auth/session")).body.user).toBeUndefined();
    // The relay no longer keeps the account's profile.
    const relay = await RawRelay.open(server.url);
    try {
      const profile = finalizeEvent(
        { kind: 0, created_at: Math.floor(Date.now() / 1000), content: "{}", tags: [] },
        browser.secret,
      );
      relay.send(["EVENT", profile]);
      const ok = await relay.next((m) => m[0] === "OK" && m[1] === profile.id);
      expect(ok[2]).toBe(false);
    } finally {
      relay.socket.close();
    }

    // A disabled manager cannot enable themselves with a signed request.
    const adminKeys = await giveKeys("admin");
    const adminRole = await (await getDb()).select().from(roles).where(eq(roles.name, "Admin")).get();
    const added = await admin.post("/api/users/new", {
      firstName: "Second",
      lastName: "Admin",
      about: "",
      userName: "second-admin",
      password: "password123",
      roleIds: [adminRole!.id],
    });
    expect(added.status).toBe(201);
    const second = new ApiClient(server.url);
    await second.login("second-admin");
    expect((await second.post("/api/users/disable", { userId: adminKeys.user.id })).status).toBe(200);
    const selfEnable = await signedCall(adminKeys.browser.secret, "POST", "/api/users/enable", {
      userId: adminKeys.user.id,
    });
    expect(selfEnable.status).toBe(403);
    expect((await userRow("admin")).disabledAt).not.toBeNull();
    // Enabled again, every credential works again.
    expect((await second.post("/api/users/enable", { userId: adminKeys.user.id })).status).toBe(200);
    expect((await second.post("/api/users/enable", { userId: user.id })).status).toBe(200);
    expect(await speaksFor(extension)).toBe("editor");
  });
});

describe("a stolen session cannot become a permanent login", () => {
  test("linking a key needs the password typed within ten minutes; the cookie alone is refused", async () => {
    const victim = new ApiClient(server.url);
    await victim.login("member");
    await ageSessions("member");
    const thief = victim.clone();
    const thiefKey = testKey("thief");
    const refused = await thief.post("/api/auth/nostr/link", { event: await signedChallenge(thief, thiefKey.secret) });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "To link a key or an account, first confirm your password on your profile." },
    });
    expect((await userRow("member")).nostrPub).toBeNull();
    // A wrong password is counted and refused; the right one opens linking.
    const wrong = await thief.post("/api/auth/confirm-password", { password: "guess-guess" });
    expect(wrong.status).toBe(400);
    expect((await victim.post("/api/auth/confirm-password", { password: "password123" })).status).toBe(200);
    const mine = testKey("member's own extension");
    const linked = await victim.post("/api/auth/nostr/link", { event: await signedChallenge(victim, mine.secret) });
    expect(linked).toMatchObject({ status: 200, body: { pubkey: mine.pubkey } });
    expect((await userRow("member")).nostrLinkedAt).not.toBeNull();
    // A signed request (no session) never links anything.
    const viaKey = await signedCall(mine.secret, "POST", "/api/auth/nostr/link", {
      event: await signedChallenge(new ApiClient(server.url), thiefKey.secret),
    });
    expect(viaKey.status).toBe(403);
  });

  test("an account without a password links only within ten minutes of signing in", async () => {
    const db = await getDb();
    await db.update(users).set({ passwordHash: null }).where(eq(users.userName, "moderator"));
    const user = await userRow("moderator");
    const fresh = new ApiClient(server.url);
    const { cookie } = await import("~/auth/sessions.server").then((m) =>
      m.createSession(db, user.id, new Request(server.url)),
    );
    fresh.cookies.set("daftar_session", cookie.split(";")[0]!.split("=")[1]!);
    expect(
      (await fresh.post("/api/auth/nostr/link", { event: await signedChallenge(fresh, testKey("mod ext").secret) }))
        .status,
    ).toBe(200);
    await ageSessions("moderator");
    const late = await fresh.post("/api/auth/nostr/link", {
      event: await signedChallenge(fresh, testKey("mod ext 2").secret),
    });
    expect(late).toMatchObject({ status: 403, body: { message: expect.stringContaining("sign in again first") } });
    expect((await fresh.post("/api/auth/confirm-password", { password: "x" })).status).toBe(409);
  });

  test("a password change removes the keys the member does not keep; a removed key signs nothing", async () => {
    const { browser, extension } = await giveKeys("member");
    const phone = testKey("member's phone");
    const db = await getDb();
    const member = await userRow("member");
    await db.insert(devices).values({ pub: phone.pubkey, userId: member.id, lastActivityAt: new Date() });
    const victim = new ApiClient(server.url);
    await victim.login("member");
    const thief = new ApiClient(server.url);
    await thief.login("member");
    const changed = await victim.put("/api/auth/change-password", {
      oldPassword: "password123",
      newPassword: "new-password-456",
      keep: [phone.pubkey],
    });
    expect(changed.status).toBe(200);
    expect((await thief.get<{ user?: unknown }>("/api/_auth/session")).body.user).toBeUndefined();
    expect((await victim.get<{ user?: unknown }>("/api/_auth/session")).body.user).toBeDefined();
    // The browser key and the linked key went; the phone stayed and is the account's key now.
    expect(await speaksFor(browser)).toBeUndefined();
    expect(await speaksFor(extension)).toBeUndefined();
    expect(await speaksFor(phone)).toBe("member");
    expect(await userRow("member")).toMatchObject({ nostrPub: null, pub: phone.pubkey });
    const signIn = new ApiClient(server.url);
    const refused = await signIn.post("/api/auth/nostr/login", {
      event: await signedChallenge(signIn, extension.secret),
    });
    expect(refused.status).toBe(401);
    await db.update(users).set({ passwordHash: member.passwordHash }).where(eq(users.id, member.id));
  });

  test("sign out everywhere ends the thief's session and removes the keys not kept", async () => {
    const { browser, extension } = await giveKeys("editor");
    const owner = new ApiClient(server.url);
    await owner.login("editor");
    const thief = new ApiClient(server.url);
    await thief.login("editor");
    const ended = await owner.call("DELETE", "/api/auth/sessions", { keep: [extension.pubkey] });
    expect(ended.status).toBe(200);
    expect((await thief.get<{ user?: unknown }>("/api/_auth/session")).body.user).toBeUndefined();
    expect(await speaksFor(browser)).toBeUndefined();
    expect(await speaksFor(extension)).toBe("editor");
    // Without a body the call says what it needs and changes nothing.
    expect((await owner.call("DELETE", "/api/auth/sessions")).status).toBe(400);
  });

  test("the profile removes one browser key; another account's is not found", async () => {
    const { browser } = await giveKeys("moderator");
    const other = testKey("someone else's browser");
    const db = await getDb();
    const admin = await userRow("admin");
    await db.insert(devices).values({ pub: other.pubkey, userId: admin.id, lastActivityAt: new Date() });
    const moderator = new ApiClient(server.url);
    await db
      .update(users)
      .set({ passwordHash: (await userRow("member")).passwordHash })
      .where(eq(users.userName, "moderator"));
    await moderator.login("moderator");
    expect((await moderator.call("DELETE", "/api/identity/device", { pub: other.pubkey })).status).toBe(404);
    const removed = await moderator.call("DELETE", "/api/identity/device", { pub: browser.pubkey });
    expect(removed).toMatchObject({ status: 200, body: { message: "The key is removed." } });
    expect(await speaksFor(browser)).toBeUndefined();
    expect(await speaksFor(other)).toBe("admin");
  });

  test("an administrator's password reset removes every other way in; ending sessions removes browser keys", async () => {
    const { user, browser, extension } = await giveKeys("member");
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    expect((await admin.post("/api/users/end-sessions", { userId: user.id })).status).toBe(200);
    expect(await speaksFor(browser)).toBeUndefined();
    expect(await speaksFor(extension)).toBe("member");
    expect((await admin.put("/api/users/set-password", { userId: user.id, password: "reset-password-1" })).status).toBe(
      200,
    );
    expect(await speaksFor(extension)).toBeUndefined();
    expect(await userRow("member")).toMatchObject({ nostrPub: null, pub: null });
  });
});

describe("a signed request is accepted once", () => {
  test("the same token twice: the second is refused, and the id is remembered until it expires", async () => {
    const { browser } = await giveKeys("admin");
    const authorization = signedHeader(browser.secret, "GET", "/api/users/all");
    const first = await fetch(server.url + "/api/users/all", { headers: { authorization, "accept-language": "en" } });
    expect(first.status).toBe(200);
    const again = await fetch(server.url + "/api/users/all", { headers: { authorization, "accept-language": "en" } });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { message: string }).message).toBe(
      "This signed request was already used. Sign a new one.",
    );
    const db = await getDb();
    const rows = await db.select().from(signedRequests).all();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    // Housekeeping forgets them once they could no longer be accepted anyway.
    await deleteExpiredSignedRequests(db, Date.now() + 61_000);
    expect(await db.select().from(signedRequests).all()).toEqual([]);
  });

  test("a browser key's last use is noted (at most hourly) for the profile", async () => {
    const { browser } = await giveKeys("moderator");
    const db = await getDb();
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    await db.update(devices).set({ lastActivityAt: old }).where(eq(devices.pub, browser.pubkey));
    expect(await speaksFor(browser)).toBe("moderator");
    const row = await db.select().from(devices).where(eq(devices.pub, browser.pubkey)).get();
    expect(row!.lastActivityAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe("sign-in challenges", () => {
  test("one address gets a bounded number; each is a row that expires", async () => {
    const from = "127.0.0.42";
    let status = 200;
    let given = 0;
    for (let i = 0; i <= limits.nostrChallengeByAddress.max && status === 200; i++) {
      status = (
        await rawRequest(server.url, "/api/auth/nostr/challenge", { from, headers: { "accept-language": "en" } })
      ).status;
      if (status === 200) given++;
    }
    expect(status).toBe(429);
    expect(given).toBe(limits.nostrChallengeByAddress.max);
    // Another address still gets one.
    expect((await rawRequest(server.url, "/api/auth/nostr/challenge", { from: "127.0.0.43" })).status).toBe(200);
    const rows = await (await getDb()).select().from(nostrChallenges).all();
    for (const row of rows) expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 5 * 60_000);
  });
});
