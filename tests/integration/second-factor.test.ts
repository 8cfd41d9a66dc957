/**
 * Two-step sign-in against the production build: setting up an authenticator app (confirmed by a code), its
 * recovery codes, and a sign-in that waits for the second factor after every first factor (password, Nostr key,
 * reset link; the provider's is in oauth.test.ts). Codes are computed here from the secret with otpauth, step by
 * step: the server accepts a step once, so each test takes the next step rather than waiting for the clock.
 */
import { eq } from "drizzle-orm";
import { getToken } from "nostr-tools/nip98";
import { finalizeEvent } from "nostr-tools/pure";
import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { newLinkToken } from "~/auth/email-links.server";
import { createSession } from "~/auth/sessions.server";
import { createUser } from "~/auth/users.server";
import { getDb } from "~/db/client.server";
import { pendingSignIns, rateLimits, recoveryCodes, sessions, users } from "~/db/schema";
import { limits } from "~/db/rate-limit.server";
import { ApiClient, provenKey } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { testKey } from "../helpers/nostr";
import { runScript } from "../helpers/run-script";

const server = serveSeededApp();
const password = "password123";
const wrongCode = "That code is not right, or it was already used. Try the newest code from your app.";
const expired = "This sign-in waited too long or was already finished. Sign in again.";

let accounts = 0;
/** A Member account of its own for each test: each has its own last accepted step. */
async function newAccount(roles = ["Member"]): Promise<{ id: number; userName: string }> {
  const userName = `twostep${++accounts}`;
  const user = await createUser(
    await getDb(),
    { userName, password, firstName: "Two", lastName: "Step", about: "" },
    roles,
  );
  return { id: user.id, userName };
}

/** The codes of one authenticator app, one 30-second step after another, as an app shows them. */
class App {
  private last = 0;
  constructor(readonly secret: string) {}
  /** The code of the next step the server has not seen (the current one, or one step on at most). */
  next(): string {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(this.last + 1, now);
    if (step > now + 1) throw new Error("no fresh step left: the test used more than two codes at once");
    this.last = step;
    return this.codeAt(step);
  }
  codeAt(step: number): string {
    return TOTP.generate({ secret: Secret.fromBase32(this.secret), timestamp: step * 30_000 });
  }
  /** Six digits that are no code the server would accept now. */
  wrong(): string {
    const now = Math.floor(Date.now() / 30_000);
    const near = [now - 1, now, now + 1, now + 2].map((step) => this.codeAt(step));
    return ["000000", "111111", "222222", "333333", "444444"].find((code) => !near.includes(code))!;
  }
  get lastStep(): number {
    return this.last;
  }
}

/** Signs `userName` in with the password and sets up an authenticator app: the app and the recovery codes. */
async function withAuthenticator(userName: string, browser = new ApiClient(server.url)) {
  await browser.login(userName, password);
  const setup = await browser.post<{ secret: string; uri: string; qrSvg: string }>("/api/auth/second-factor/totp");
  expect(setup.status).toBe(200);
  const app = new App(setup.body.secret);
  const enabled = await browser.put<{ recoveryCodes: string[] }>("/api/auth/second-factor/totp", { code: app.next() });
  expect(enabled).toMatchObject({ status: 200, body: { message: "Two-step sign-in is on." } });
  return { browser, app, codes: enabled.body.recoveryCodes, setup: setup.body };
}

async function sessionUser(browser: ApiClient) {
  return (await browser.get<{ user?: { userName: string } }>("/api/_auth/session")).body.user;
}

describe("setting up an authenticator app", () => {
  test("the secret is shown as a QR code and text, enabled only by a code from it, with ten recovery codes", async () => {
    const { userName } = await newAccount();
    const browser = new ApiClient(server.url);
    await browser.login(userName, password);
    const setup = await browser.post<{ secret: string; uri: string; qrSvg: string }>("/api/auth/second-factor/totp");
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.uri).toContain(userName);
    expect(setup.body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // Not enabled yet: signing in still opens a session at once.
    expect((await new ApiClient(server.url).login(userName, password)).body).not.toHaveProperty("secondStep");
    const app = new App(setup.body.secret);
    const wrong = await browser.put("/api/auth/second-factor/totp", { code: app.wrong() });
    expect(wrong).toMatchObject({ status: 400, body: { message: wrongCode, issues: [{ path: "code" }] } });
    const enabled = await browser.put<{ recoveryCodes: string[] }>("/api/auth/second-factor/totp", {
      code: app.next(),
    });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Kept hashed: no code is in the database as it was shown.
    const stored = await (await getDb()).select().from(recoveryCodes).all();
    expect(stored.some((row) => codes.some((code) => row.codeHash.includes(code.replace("-", ""))))).toBe(false);
    // Never sent again: a second setup is refused, and the profile does not carry the secret.
    const again = await browser.post("/api/auth/second-factor/totp");
    expect(again.status).toBe(409);
    const profile = await (await browser.raw("GET", "/en/profile")).text();
    expect(profile).toContain("Recovery codes left: 10");
    expect(profile).not.toContain(setup.body.secret);
  });

  test("setting one up needs recent proof; the answer is in the caller's language", async () => {
    const { id, userName } = await newAccount();
    const browser = new ApiClient(server.url, "fa");
    await browser.login(userName, password);
    await (
      await getDb()
    )
      .update(sessions)
      .set({ passwordAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, id));
    const refused = await browser.post("/api/auth/second-factor/totp");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain("گذرواژه");
  });
});

describe("signing in with a second factor", () => {
  test("a password opens no session, only the second step; a code from the app then does", async () => {
    const { id, userName } = await newAccount();
    const { app } = await withAuthenticator(userName);
    const browser = new ApiClient(server.url);
    const first = await browser.login(userName, password);
    expect(first.body).toEqual({
      message: "Your password is right. Now enter the code from your authenticator app.",
      secondStep: true,
    });
    expect(browser.cookies.has("daftar_session")).toBe(false);
    expect(browser.cookies.has("daftar_pending")).toBe(true);
    // The pending sign-in opens nothing: no session, no API, no page behind a sign-in.
    expect(await sessionUser(browser)).toBeUndefined();
    expect((await browser.put("/api/users/update-profile", { firstName: "X", lastName: "Y", about: "" })).status).toBe(
      401,
    );
    expect((await browser.get("/api/users/all")).status).toBe(401);
    const profile = await browser.raw("GET", "/en/profile");
    expect(await profile.text()).toContain('data-testid="profile-guest"');
    // The page that asks for the code.
    const page = await (await browser.raw("GET", "/en/login/second-step?redirectTo=%2Fen%2Fprofile")).text();
    expect(page).toContain('data-testid="second-step-form"');

    const wrong = await browser.post("/api/auth/second-step", { code: "12345" });
    expect(wrong).toMatchObject({ status: 400, body: { message: wrongCode } });
    const code = app.next();
    // Typed with Persian digits, as a Persian keyboard types them.
    const persian = code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const second = await browser.post("/api/auth/second-step", { code: persian });
    expect(second).toMatchObject({ status: 200, body: { message: "Login successful", user: { userName } } });
    expect(browser.cookies.has("daftar_pending")).toBe(false);
    expect(await sessionUser(browser)).toMatchObject({ userName });
    // The session notes that it gave the second factor.
    const session = await (await getDb()).select().from(sessions).where(eq(sessions.userId, id)).all();
    expect(session.some((row) => row.secondFactorAt !== null)).toBe(true);

    // The same code again, or an older one, is refused on a new sign-in.
    const other = new ApiClient(server.url);
    await other.login(userName, password);
    expect((await other.post("/api/auth/second-step", { code })).status).toBe(400);
    expect((await other.post("/api/auth/second-step", { code: app.codeAt(app.lastStep - 1) })).status).toBe(400);
    expect(await sessionUser(other)).toBeUndefined();
  });

  test("a recovery code stands in for the app once; a pending sign-in is finished once", async () => {
    const { userName } = await newAccount();
    const { codes } = await withAuthenticator(userName);
    const browser = new ApiClient(server.url);
    await browser.login(userName, password);
    const pendingCookie = browser.cookies.get("daftar_pending")!;
    // Typed loosely: upper case, spaces for the dash.
    const typed = codes[0]!.toUpperCase().replace("-", " ");
    expect((await browser.post("/api/auth/second-step", { code: typed })).status).toBe(200);
    expect(await sessionUser(browser)).toMatchObject({ userName });
    // The same pending cookie again: taken.
    const replay = new ApiClient(server.url);
    replay.cookies.set("daftar_pending", pendingCookie);
    expect(await replay.post("/api/auth/second-step", { code: codes[1] })).toMatchObject({
      status: 401,
      body: { message: expired },
    });
    // The used code does not work twice.
    const again = new ApiClient(server.url);
    await again.login(userName, password);
    expect((await again.post("/api/auth/second-step", { code: codes[0] })).status).toBe(400);
    expect((await again.post("/api/auth/second-step", { code: codes[1] })).status).toBe(200);
    const profile = await (await again.raw("GET", "/en/profile")).text();
    expect(profile).toContain("Recovery codes left: 8");
  });

  test("a pending sign-in lasts five minutes; without one the second step has nothing to finish", async () => {
    const { id, userName } = await newAccount();
    const { app } = await withAuthenticator(userName);
    const browser = new ApiClient(server.url);
    await browser.login(userName, password);
    await (
      await getDb()
    )
      .update(pendingSignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignIns.userId, id));
    expect(await browser.post("/api/auth/second-step", { code: app.next() })).toMatchObject({
      status: 401,
      body: { message: expired },
    });
    const page = await (await browser.raw("GET", "/en/login/second-step")).text();
    expect(page).toContain('data-testid="second-step-expired"');
    expect(await new ApiClient(server.url).post("/api/auth/second-step", { code: "123456" })).toMatchObject({
      status: 401,
    });
  });

  test("code attempts are limited per account: past ten, even the right code waits", async () => {
    const { userName } = await newAccount();
    const { app } = await withAuthenticator(userName);
    const browser = new ApiClient(server.url);
    await browser.login(userName, password);
    for (let i = 0; i < 10; i++) {
      expect((await browser.post("/api/auth/second-step", { code: "abcde-abcde" })).status).toBe(400);
    }
    const limited = await browser.post("/api/auth/second-step", { code: app.next() });
    expect(limited.status).toBe(429);
    expect(await sessionUser(browser)).toBeUndefined();
  });

  test("wrong codes in a row, however slow, end at a bound that a recovery code lifts", async () => {
    const { id, userName } = await newAccount();
    const { app, codes } = await withAuthenticator(userName);
    const db = await getDb();
    // Ninety-nine wrong codes so far, spread over weeks (the per-quarter-hour limit never saw them together).
    const failures = limits.secondFactorFailures;
    const key = `${failures.name}:${id}`;
    await db
      .insert(rateLimits)
      .values({ key, count: failures.max - 1, resetAt: new Date(Date.now() + failures.windowMs) });
    const browser = new ApiClient(server.url);
    await browser.login(userName, password);
    expect((await browser.post("/api/auth/second-step", { code: app.wrong() })).status).toBe(400);
    // The hundredth: now even the right code is refused, with a message that says what still works.
    const locked = await browser.post("/api/auth/second-step", { code: app.codeAt(app.lastStep + 1) });
    expect(locked).toMatchObject({
      status: 429,
      body: { message: "Too many wrong codes were entered for this account. Use a recovery code or a passkey." },
    });
    expect(await sessionUser(browser)).toBeUndefined();
    expect((await browser.post("/api/auth/second-step", { code: codes[0] })).status).toBe(200);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, key)).get()).toBeUndefined();
    // Lifted: the app's codes work again.
    const next = new ApiClient(server.url);
    await next.login(userName, password);
    expect((await next.post("/api/auth/second-step", { code: app.next() })).status).toBe(200);
  });

  test("a Nostr key signs in to the second step too, and a reset link does", async () => {
    const { id, userName } = await newAccount();
    const { browser: owner } = await withAuthenticator(userName);
    // Linking a key right after turning the factor on: the session gave it just now.
    const key = testKey(`second factor ${userName}`);
    const linked = await owner.post("/api/auth/nostr/link", { event: await signedChallenge(owner, key.secret) });
    expect(linked.status).toBe(200);

    const viaKey = new ApiClient(server.url);
    const signedIn = await viaKey.post("/api/auth/nostr/login", { event: await signedChallenge(viaKey, key.secret) });
    expect(signedIn).toMatchObject({ status: 200, body: { secondStep: true } });
    expect(await sessionUser(viaKey)).toBeUndefined();

    const db = await getDb();
    await db
      .update(users)
      .set({ email: `${userName}@example.test`, emailConfirmedAt: new Date() })
      .where(eq(users.id, id));
    const token = await newLinkToken(db, { userId: id, purpose: "reset", email: `${userName}@example.test` });
    const viaLink = new ApiClient(server.url);
    const reset = await viaLink.post("/api/auth/reset-password", { token, password: "a-new-password-1" });
    expect(reset).toMatchObject({ status: 200, body: { secondStep: true } });
    expect(viaLink.cookies.has("daftar_session")).toBe(false);
    expect(await sessionUser(viaLink)).toBeUndefined();
  });

  test("no code path opens a session for such an account without the factor", async () => {
    const { id, userName } = await newAccount();
    await withAuthenticator(userName);
    await expect(createSession(await getDb(), id, new Request("http://127.0.0.1/"))).rejects.toThrow(/second factor/);
  });
});

describe("sensitive changes ask for the second factor", () => {
  test("after ten minutes: a new password, a key, new codes wait for a code; new codes end the old ones", async () => {
    const { id, userName } = await newAccount();
    const { browser, app, codes } = await withAuthenticator(userName);
    const db = await getDb();
    // The session gave the factor eleven minutes ago; the password was typed just now.
    await db
      .update(sessions)
      .set({ secondFactorAt: new Date(Date.now() - 11 * 60_000), passwordAt: new Date() })
      .where(eq(sessions.userId, id));
    const needed =
      "This account has two-step sign-in: first confirm a code from your authenticator app (or a recovery code) on your profile.";
    const change = await browser.put("/api/auth/change-password", {
      oldPassword: password,
      newPassword: "another-pass-1",
    });
    expect(change).toMatchObject({ status: 403, body: { message: needed } });
    const key = testKey(`sensitive ${userName}`);
    expect(
      await browser.post("/api/auth/nostr/link", { event: await signedChallenge(browser, key.secret) }),
    ).toMatchObject({
      status: 403,
      body: { message: needed },
    });
    expect((await browser.post("/api/auth/second-factor/recovery-codes")).status).toBe(403);
    expect((await browser.delete("/api/auth/second-factor/totp")).status).toBe(403);
    // Nothing changed: the old password still signs in (to the second step).
    expect((await new ApiClient(server.url).login(userName, password)).body).toMatchObject({ secondStep: true });

    expect((await browser.post("/api/auth/second-factor/confirm", { code: app.next() })).status).toBe(200);
    const fresh = await browser.post<{ recoveryCodes: string[] }>("/api/auth/second-factor/recovery-codes");
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes.some((code) => codes.includes(code))).toBe(false);
    const old = new ApiClient(server.url);
    await old.login(userName, password);
    expect((await old.post("/api/auth/second-step", { code: codes[2] })).status).toBe(400);
    expect((await old.post("/api/auth/second-step", { code: fresh.body.recoveryCodes[0] })).status).toBe(200);
  });

  test("removing the app ends two-step sign-in and its recovery codes", async () => {
    const { id, userName } = await newAccount();
    const { browser } = await withAuthenticator(userName);
    expect(await browser.delete("/api/auth/second-factor/totp")).toMatchObject({ status: 200 });
    const db = await getDb();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, id)).all()).toEqual([]);
    const next = new ApiClient(server.url);
    expect((await next.login(userName, password)).body).not.toHaveProperty("secondStep");
    expect(await sessionUser(next)).toMatchObject({ userName });
    // Nothing left to remove.
    expect((await browser.delete("/api/auth/second-factor/totp")).status).toBe(409);
  });
});

describe("losing every factor", () => {
  test("the command line removes them all and ends the sessions; the password alone signs in again", async () => {
    const { id, userName } = await newAccount();
    const { browser, codes } = await withAuthenticator(userName);
    const env = { DATABASE_URL: process.env.DATABASE_URL!, DATA_DIR: process.env.DATA_DIR! };
    const removed = await runScript("user", ["remove-second-factor", userName], env);
    expect(removed).toMatchObject({ code: 0 });
    expect(removed.output).toContain(`Removed every second factor of ${userName}`);
    expect(await sessionUser(browser)).toBeUndefined();
    expect(await (await getDb()).select().from(recoveryCodes).where(eq(recoveryCodes.userId, id)).all()).toEqual([]);
    const next = new ApiClient(server.url);
    expect((await next.login(userName, password)).body).not.toHaveProperty("secondStep");
    expect((await next.post("/api/auth/second-factor/confirm", { code: codes[0] })).status).toBe(409);
    const unknown = await runScript("user", ["remove-second-factor", "nobody-here"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('no member is called "nobody-here"');
  });
});

describe("signed API calls (NIP-98) of an account with a second factor", () => {
  let signedCalls = 0;
  /** A call any member may make, signed with `secret`: its status and message. */
  async function signedCall(secret: Uint8Array) {
    // Each token names its own address: two alike made in one second would be one event, refused as replayed.
    const url = `${server.url}/api/users/notifications?call=${++signedCalls}`;
    const authorization = await getToken(url, "GET", (t) => finalizeEvent(t, secret), true);
    const response = await fetch(url, { headers: { authorization, "accept-language": "en" } });
    return { status: response.status, body: (await response.json()) as { message?: string } };
  }

  /** Signs `userName` in with the password from a browser whose key is `n`: the key's secret. */
  async function signInFromBrowser(userName: string, n: number, code?: () => string) {
    const key = provenKey(server.url, "login", n);
    const browser = new ApiClient(server.url);
    const first = await browser.post("/api/auth/login", { userName, password, pub: key.pub, proof: key.proof });
    expect(first.status).toBe(200);
    if (code) expect((await browser.post("/api/auth/second-step", { code: code() })).status).toBe(200);
    return key.secret;
  }

  test("only browser keys recorded after the second step sign calls; not the linked key, nor older browsers", async () => {
    const { userName } = await newAccount(["Editor"]);
    // Before the factor: the browser's key signs calls, as for any account without one.
    const before = await signInFromBrowser(userName, 9001);
    expect((await signedCall(before)).status).toBe(200);

    const { browser: owner, app, codes } = await withAuthenticator(userName);
    const key = testKey(`nip98 ${userName}`);
    expect((await owner.post("/api/auth/nostr/link", { event: await signedChallenge(owner, key.secret) })).status).toBe(
      200,
    );
    // The linked key signs in only to the second step, and signs no call.
    expect(await signedCall(key.secret)).toEqual({
      status: 403,
      body: expect.objectContaining({
        message:
          "This account uses two-step sign-in: only a browser key that signed in with the second step can sign requests.",
      }),
    });
    // The browser from before the factor is refused until it signs in again with the second step.
    expect((await signedCall(before)).status).toBe(403);
    const after = await signInFromBrowser(userName, 9002, () => app.next());
    expect((await signedCall(after)).status).toBe(200);
    // A recovery code is the second step too (the app has no fresh code left in this half-minute).
    await signInFromBrowser(userName, 9001, () => codes[0]!);
    expect((await signedCall(before)).status).toBe(200);

    // Once the factor goes, browsers recorded with it no longer count for a factor turned on later.
    expect((await owner.delete("/api/auth/second-factor/totp")).status).toBe(200);
    expect((await signedCall(after)).status).toBe(200);
    await withAuthenticator(userName, owner);
    expect((await signedCall(after)).status).toBe(403);
  });
});

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
