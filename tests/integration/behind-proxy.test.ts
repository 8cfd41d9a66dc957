/**
 * Behind a TLS-terminating reverse proxy: TRUST_PROXY=true means the one proxy in front, so the address that
 * proxy appended to X-Forwarded-For is the client's, never an entry the client wrote itself; and with an https
 * SITE_URL the session cookie is Secure even though the proxy talks plain http to the app.
 */
import { describe, expect, test } from "vitest";
import { limits } from "~/db/rate-limit.server";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";

process.env.TRUST_PROXY = "true";
process.env.SITE_URL = "https://daftar.example";
process.env.GITHUB_CLIENT_ID = "daftar-test";
process.env.GITHUB_CLIENT_SECRET = "daftar-test-secret";

const server = serveSeededApp();

describe("TRUST_PROXY=true", () => {
  test("an X-Forwarded-For entry written by the client does not become its address", async () => {
    // Each attempt claims another address; the proxy appends the one it saw, always the same.
    let status = 0;
    for (let i = 0; i <= limits.loginByAddress.max && status !== 429; i++) {
      const answer = await new ApiClient(server.url).raw("POST", "/api/auth/login", {
        headers: { "content-type": "application/json", "x-forwarded-for": `1.2.3.${i % 250}, 10.9.8.7` },
        body: JSON.stringify({ userName: `sprayed-${i}`, password: "password123" }),
      });
      status = answer.status;
    }
    expect(status).toBe(429);
    // Another client behind the same proxy has its own count.
    const other = await new ApiClient(server.url).raw("POST", "/api/auth/login", {
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.8.6" },
      body: JSON.stringify({ userName: "admin", password: "password123" }),
    });
    expect(other.status).toBe(200);
  });
});

describe("Secure cookies from SITE_URL", () => {
  test("the session cookie is Secure when SITE_URL is https, set and cleared", async () => {
    const browser = new ApiClient(server.url);
    const login = await browser.raw("POST", "/api/auth/login", {
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.8.5" },
      body: JSON.stringify({ userName: "editor", password: "password123" }),
    });
    expect(login.status).toBe(200);
    const session = login.headers.getSetCookie().find((c) => c.startsWith("daftar_session="));
    expect(session).toMatch(/;\s*Secure/i);
    const logout = await browser.raw("DELETE", "/api/_auth/session", { headers: { "x-forwarded-for": "10.9.8.5" } });
    const cleared = logout.headers.getSetCookie().find((c) => c.startsWith("daftar_session="));
    expect(cleared).toMatch(/;\s*Secure/i);
  });

  test("the OAuth flow's cookies are Secure: the flow, its clearing, and the toast after a main-window flow", async () => {
    const start = await new ApiClient(server.url).raw("GET", "/api/oauth/github/start?mode=login");
    expect(start.status).toBe(302);
    const flow = { state: "s", codeVerifier: "c", nonce: "n", provider: "github", returnTo: "/en", popup: false };
    const callback = await new ApiClient(server.url).raw("GET", "/api/oauth/github/callback?state=other&code=x", {
      headers: { cookie: `daftar_oauth=${encodeURIComponent(JSON.stringify(flow))}` },
    });
    expect(callback.status).toBe(302);
    const cookies = [...start.headers.getSetCookie(), ...callback.headers.getSetCookie()];
    expect(cookies.map((c) => c.split("=")[0])).toEqual(["daftar_oauth", "daftar_oauth", "toast"]);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });
});
