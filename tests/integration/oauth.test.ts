/**
 * Sign-in with an OpenID Connect provider, against a real provider on loopback: a new account, the same
 * account next time, linking a provider account to an existing account, and the refusals (a forged state,
 * another browser's callback, an account linked elsewhere, a provider that is not configured).
 */
import { createHmac, createSign, generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createUser } from "~/auth/users.server";
import { getDb } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { ApiClient, provenKey } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { freePort } from "../../scripts/free-port";
import { signInAtProvider, startOidcProvider, type TestProvider } from "../helpers/oidc-provider";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let provider: TestProvider;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  // The site reads the provider's settings when a flow starts; the provider needs the site's callback URL.
  const providerPort = await freePort();
  process.env.OIDC_ISSUER = `http://127.0.0.1:${providerPort}`;
  process.env.OIDC_CLIENT_ID = "daftar-test";
  process.env.OIDC_CLIENT_SECRET = "daftar-test-secret-with-enough-length-for-hs256";
  process.env.OIDC_NAME = "Test ID";
  server = await startAppServer();
  provider = await startOidcProvider([`${server.url}/api/oauth/oidc/callback`], providerPort);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
  for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_NAME"]) delete process.env[name];
});

/** Starts a flow in `browser`, signs in at the provider as `login`, returns the callback's answer. */
async function signIn(browser: ApiClient, login: string, query = "mode=login&popup=1") {
  const start = await browser.raw("GET", `/api/oauth/oidc/start?${query}`);
  expect(start.status).toBe(302);
  const callback = await signInAtProvider(start.headers.get("location")!, login, server.url);
  expect(callback.startsWith(`${server.url}/api/oauth/oidc/callback?`)).toBe(true);
  return browser.raw("GET", callback.slice(server.url.length));
}

async function sessionUser(browser: ApiClient) {
  return (
    await browser.get<{
      user?: { id: number; userName: string; displayName: string; roles: string[]; pub: string | null };
    }>("/api/_auth/session")
  ).body.user;
}

describe("OpenID Connect", () => {
  test("the login page offers the configured provider", async () => {
    const html = await (await new ApiClient(server.url).raw("GET", "/en/login")).text();
    expect(html).toContain("Test ID");
  });

  test("the start sends the browser to the provider with PKCE, a nonce and a state kept in a cookie", async () => {
    const browser = new ApiClient(server.url);
    const start = await browser.raw("GET", "/api/oauth/oidc/start?mode=login&popup=1");
    const location = new URL(start.headers.get("location")!);
    expect(location.origin).toBe(provider.issuer);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("redirect_uri")).toBe(`${server.url}/api/oauth/oidc/callback`);
    expect(location.searchParams.get("nonce")).toBeTruthy();
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("daftar_oauth="));
    expect(flowCookie).toMatch(/HttpOnly/);
    expect(flowCookie).toMatch(/Path=\/api\/oauth/);
  });

  test("the start refuses a key without its proof, or with another key's, and starts no flow", async () => {
    const key = provenKey(server.url, "oauth", 8);
    const other = provenKey(server.url, "oauth", 9);
    const browser = new ApiClient(server.url);
    const bare = await browser.raw("GET", `/api/oauth/oidc/start?mode=login&popup=1&pub=${key.pub}`);
    expect(bare.status).toBe(400);
    const forged = encodeURIComponent(JSON.stringify(other.proof));
    const wrong = await browser.raw("GET", `/api/oauth/oidc/start?mode=login&popup=1&pub=${key.pub}&proof=${forged}`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/This browser's key could not be confirmed/);
    expect(browser.cookies.has("daftar_oauth")).toBe(false);
  });

  test("a first sign-in makes a Member account and logs in; the popup page reports to its opener", async () => {
    const browser = new ApiClient(server.url);
    const key = provenKey(server.url, "oauth", 7);
    const proof = encodeURIComponent(JSON.stringify(key.proof));
    const callback = await signIn(
      browser,
      "parisa",
      `mode=login&popup=1&pub=${key.pub}&proof=${proof}&deviceName=Brave%20Fox`,
    );
    expect(callback.status).toBe(200);
    const html = await callback.text();
    expect(html).toContain('"ok":true');
    expect(html).toContain("BroadcastChannel");
    expect(callback.headers.get("cross-origin-opener-policy")).toBeNull();
    const user = await sessionUser(browser);
    expect(user).toMatchObject({
      userName: "parisa",
      displayName: "Parisa Provider",
      roles: ["Member"],
      pub: key.pub,
    });
    // The flow cookie is spent.
    expect(browser.cookies.has("daftar_oauth")).toBe(false);
    // The provider vouched for the address: it is the account's, confirmed.
    const row = await (await getDb()).select().from(users).where(eq(users.userName, "parisa")).get();
    expect(row?.email).toBe("parisa@provider.test");
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);
  });

  test("the next sign-in finds the same account; a taken user name gets a suffix", async () => {
    const first = new ApiClient(server.url);
    await signIn(first, "parisa");
    const again = await sessionUser(first);
    expect(again?.userName).toBe("parisa");
    // A provider account whose name is taken here by someone else.
    const other = new ApiClient(server.url);
    await signIn(other, "editor");
    expect((await sessionUser(other))?.userName).toBe("editor-2");
  });

  test("a signed-in user links a provider account, then signs in with it", async () => {
    const browser = new ApiClient(server.url);
    await browser.login("member");
    const memberId = (await sessionUser(browser))!.id;
    const linked = await signIn(browser, "member-at-provider", "mode=link&popup=1");
    expect(linked.status).toBe(200);
    expect(await linked.text()).toContain("Your Test ID account is now linked.");
    const fresh = new ApiClient(server.url);
    await signIn(fresh, "member-at-provider");
    expect((await sessionUser(fresh))?.id).toBe(memberId);
  });

  test("an account with a second factor signs in with its provider to the second step, popup or not", async () => {
    await createUser(
      await getDb(),
      { userName: "twostep", password: "password123", firstName: "Two", lastName: "Step", about: "" },
      ["Member"],
    );
    const owner = new ApiClient(server.url);
    await owner.login("twostep");
    expect((await signIn(owner, "twostep-at-provider", "mode=link&popup=1")).status).toBe(200);
    const setup = await owner.post<{ secret: string }>("/api/auth/second-factor/totp");
    const secret = Secret.fromBase32(setup.body.secret);
    const step = Math.floor(Date.now() / 30_000);
    const code = (n: number) => TOTP.generate({ secret, timestamp: n * 30_000 });
    expect((await owner.put("/api/auth/second-factor/totp", { code: code(step) })).status).toBe(200);

    const popup = new ApiClient(server.url);
    const page = await signIn(popup, "twostep-at-provider");
    expect(await page.text()).toContain('"secondStep":true');
    expect(popup.cookies.has("daftar_session")).toBe(false);
    expect(await sessionUser(popup)).toBeUndefined();
    expect((await popup.post("/api/auth/second-step", { code: code(step + 1) })).status).toBe(200);
    expect((await sessionUser(popup))?.userName).toBe("twostep");

    const window = new ApiClient(server.url);
    const back = encodeURIComponent("/en/about");
    const answer = await signIn(window, "twostep-at-provider", `mode=login&popup=0&returnTo=${back}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/en/login/second-step?redirectTo=${encodeURIComponent("/en/about")}`);
    expect(await sessionUser(window)).toBeUndefined();
    expect(window.cookies.has("daftar_pending")).toBe(true);
  });

  test("linking needs the password typed within ten minutes: a stolen, older session cannot link", async () => {
    const browser = new ApiClient(server.url);
    await browser.login("editor");
    const db = await getDb();
    const editor = await db.select().from(users).where(eq(users.userName, "editor")).get();
    const old = new Date(Date.now() - 60 * 60_000);
    await db.update(sessions).set({ createdAt: old, passwordAt: old }).where(eq(sessions.userId, editor!.id));
    const refused = await browser.raw("GET", "/api/oauth/oidc/start?mode=link&popup=1");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("To link a key or an account, first confirm your password on your profile.");
    expect(browser.cookies.has("daftar_oauth")).toBe(false);
    expect((await browser.post("/api/auth/confirm-password", { password: "password123" })).status).toBe(200);
    const linked = await signIn(browser, "editor-at-provider", "mode=link&popup=1");
    expect(await linked.text()).toContain("Your Test ID account is now linked.");
  });

  test("a disabled account cannot sign in with its provider", async () => {
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    const db = await getDb();
    const parisa = await db.select().from(users).where(eq(users.userName, "parisa")).get();
    expect((await admin.post("/api/users/disable", { userId: parisa!.id })).status).toBe(200);
    const browser = new ApiClient(server.url);
    const answer = await signIn(browser, "parisa");
    expect(await answer.text()).toContain("This account is disabled.");
    expect(await sessionUser(browser)).toBeUndefined();
    expect((await admin.post("/api/users/enable", { userId: parisa!.id })).status).toBe(200);
  });

  test("a provider account linked to someone else cannot be linked again", async () => {
    const browser = new ApiClient(server.url);
    await browser.login("moderator");
    const answer = await signIn(browser, "parisa", "mode=link&popup=1");
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("This Test ID account is already linked to another user.");
  });

  test("linking needs a session", async () => {
    const start = await new ApiClient(server.url).raw("GET", "/api/oauth/oidc/start?mode=link&popup=1");
    expect(start.status).toBe(401);
  });

  test("a callback with a forged state, or in another browser, logs nobody in", async () => {
    const browser = new ApiClient(server.url);
    const start = await browser.raw("GET", "/api/oauth/oidc/start?mode=login&popup=1");
    const callback = await signInAtProvider(start.headers.get("location")!, "mallory", server.url);
    const forged = callback.replace(/state=[^&]+/, "state=forged");
    const answer = await browser.clone().raw("GET", forged.slice(server.url.length));
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain("Signing in with Test ID failed. Please try again.");
    // The right URL in a browser that did not start the flow (no flow cookie).
    const elsewhere = await new ApiClient(server.url).raw("GET", callback.slice(server.url.length));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.getSetCookie().some((c) => c.startsWith("daftar_session="))).toBe(false);
  });

  test("an ID token the issuer did not sign is refused: another key, no signature, the client secret", async () => {
    const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
    const resign = (token: string, header: object, sign: (data: string) => string) => {
      const [, payload] = token.split(".");
      const head = Buffer.from(JSON.stringify(header)).toString("base64url");
      return `${head}.${payload}.${sign(`${head}.${payload}`)}`;
    };
    const headerOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());
    const forgeries: ((token: string) => string)[] = [
      // Same claims, same key id, signed by a key that is not the issuer's.
      (token) =>
        resign(token, headerOf(token), (data) =>
          createSign("RSA-SHA256").update(data).sign(otherKey).toString("base64url"),
        ),
      (token) => resign(token, { alg: "none", typ: "JWT" }, () => ""),
      (token) =>
        resign(token, { alg: "HS256", typ: "JWT" }, (data) =>
          createHmac("sha256", provider.clientSecret).update(data).digest("base64url"),
        ),
    ];
    try {
      for (const forge of forgeries) {
        provider.changeIdTokens(forge);
        const browser = new ApiClient(server.url);
        const callback = await signIn(browser, "forger");
        expect(callback.status).toBe(400);
        expect(await callback.text()).toContain("Signing in with Test ID failed. Please try again.");
        expect(await sessionUser(browser)).toBeUndefined();
      }
    } finally {
      provider.changeIdTokens(undefined);
    }
    // The same sign-in with the issuer's own token works.
    const browser = new ApiClient(server.url);
    expect((await signIn(browser, "forger")).status).toBe(200);
    expect((await sessionUser(browser))?.userName).toBe("forger");
  });

  test("without a popup the callback goes back to the page with a toast", async () => {
    const browser = new ApiClient(server.url);
    const answer = await signIn(browser, "parisa", `mode=login&popup=0&returnTo=${encodeURIComponent("/en/about")}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/en/about");
    expect(browser.cookies.get("toast")).toContain("Login%20successful");
  });

  test("a provider that is not configured answers 404, and returnTo never leaves the site", async () => {
    const answer = await new ApiClient(server.url).get("/api/oauth/github/start");
    expect(answer.status).toBe(404);
    expect(answer.body.message).toBe("This sign-in provider is not configured.");
    const browser = new ApiClient(server.url);
    const outside = await signIn(
      browser,
      "parisa",
      `mode=login&popup=0&returnTo=${encodeURIComponent("//evil.example/x")}`,
    );
    expect(outside.headers.get("location")).toBe("/");
  });
});
