/**
 * Every redirect built from something the request carries stays on this site: the trailing-slash rule, the
 * login page's `redirectTo` for someone already signed in, OAuth's `returnTo`, and the setup token's reload.
 */
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { serveSeededApp } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";
import { sessionCookieFor } from "../helpers/sessions";

process.env.GITHUB_CLIENT_ID = "daftar-test";
process.env.GITHUB_CLIENT_SECRET = "daftar-test-secret";

let session = "";
const server = serveSeededApp(async () => {
  session = await sessionCookieFor(await getDb(), "editor");
});

/** A GET sent as written (fetch would resolve "//" and "\" itself), its redirect not followed. */
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, path, { headers });

/** Where a browser would go from `location`: it drops tabs and line breaks and reads "\" as "/". */
const browserTarget = (location: string) =>
  new URL(location.replace(/[\t\n\r]/g, "").replaceAll("\\", "/"), server.url).origin;

const hostileTargets = [
  "/%09/evil.example",
  "/%0d/evil.example",
  "/%0a/evil.example",
  "/%0d",
  "//evil.example",
  "/%5Cevil.example",
  "/.//evil.example",
  "https://evil.example",
  "javascript:alert(1)",
  "/%00",
  "/%C2%85/evil.example",
];

describe("trailing-slash redirect", () => {
  test.each(["//evil.example/", "/\\evil.example/", "/.//evil.example/", "//evil.example//", "/%2f/evil.example/"])(
    "%s never leaves the site",
    async (path) => {
      const answer = await get(path);
      expect(answer.status).toBeLessThan(500);
      const location = answer.headers.location as string | undefined;
      if (location !== undefined) expect(browserTarget(location)).toBe(server.url);
    },
  );

  test("a page's address with a trailing slash still moves to the one without", async () => {
    const answer = await get("/en/about/?x=1");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("/en/about?x=1");
  });
});

describe("login page redirectTo", () => {
  test.each(hostileTargets)("a signed-in visitor is not sent to %s", async (target) => {
    const answer = await get(`/en/login?redirectTo=${target}`, { cookie: session });
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe("/en");
  });

  test("an anonymous visitor with a hostile redirectTo gets the login page", async () => {
    for (const target of hostileTargets) {
      const answer = await get(`/en/login?redirectTo=${target}`);
      expect(answer.status, target).toBe(200);
      // The page sends the visitor home afterwards, and passes that on to the register page.
      expect(answer.body, target).toContain('href="/en/register?redirectTo=%2Fen"');
    }
  });

  test("a path on this site is kept", async () => {
    const answer = await get(`/en/login?redirectTo=${encodeURIComponent("/en/profile?tab=1")}`, { cookie: session });
    expect(answer.headers.location).toBe("/en/profile?tab=1");
  });
});

describe("OAuth returnTo", () => {
  const flowOf = (answer: { headers: Record<string, string | string[] | undefined> }) => {
    const cookie = ([] as string[])
      .concat(answer.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("daftar_oauth="));
    return JSON.parse(decodeURIComponent(cookie!.split(";")[0]!.slice("daftar_oauth=".length))) as { returnTo: string };
  };

  test.each(hostileTargets)("start keeps %s out of the flow", async (target) => {
    const answer = await get(`/api/oauth/github/start?mode=login&returnTo=${target}`);
    expect(answer.status).toBe(302);
    expect(flowOf(answer).returnTo).toBe("/");
  });

  test("start keeps a path on this site", async () => {
    const answer = await get(`/api/oauth/github/start?mode=login&returnTo=${encodeURIComponent("/en/about")}`);
    expect(flowOf(answer).returnTo).toBe("/en/about");
  });

  test("a forged flow cookie cannot send the callback elsewhere", async () => {
    for (const returnTo of ["/\t/evil.example", "/\\evil.example", "/.//evil.example"]) {
      const flow = { state: "s", codeVerifier: "c", nonce: "n", provider: "github", returnTo, popup: false };
      const answer = await get("/api/oauth/github/callback?state=other&code=x", {
        cookie: `daftar_oauth=${encodeURIComponent(JSON.stringify(flow))}`,
      });
      expect(answer.status, returnTo).toBe(302);
      expect(answer.headers.location, returnTo).toBe("/");
    }
  });
});

describe("language redirect", () => {
  test("a malformed Referer with the English choice is treated as coming from elsewhere", async () => {
    for (const referer of ["http://[", "http://exa mple.com/", "http://%", "https://a:b:c/"]) {
      const answer = await get("/about", { cookie: "locale=en", "sec-fetch-mode": "navigate", referer });
      expect(answer.status, referer).toBe(302);
      expect(answer.headers.location, referer).toBe("/en/about");
    }
  });
});
