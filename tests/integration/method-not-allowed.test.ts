/**
 * Pages, feeds and other read-only addresses take GET and HEAD only; a page with a form (its route has an action)
 * takes POST besides, and nothing else. Any other method gets a 405 with `Allow` in the caller's language, and
 * nothing in the log (a stack trace per request would let anyone flood it).
 */
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from "vitest";
import { serveSeededApp } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";

const server = serveSeededApp();

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, "error");
});
afterEach(() => {
  errors.mockRestore();
});

const readOnly: [method: string, path: string][] = [
  ["POST", "/"],
  ["PUT", "/fa/notes/learning-slowly"],
  ["DELETE", "/feed.xml"],
  ["POST", "/en/feed.xml"],
  ["POST", "/en/tags"],
  ["DELETE", "/tags/TypeScript"],
  ["PATCH", "/sitemap.xml"],
  ["POST", "/robots.txt"],
  ["POST", "/share-image/images/content/bisect.svg.png"],
  ["POST", "/en/about.data"],
  ["POST", "/_root.data"],
  ["DELETE", "/en/manage/users"],
  ["POST", "/en/login"],
  ["POST", "/no/such/page"],
  ["POST", "/healthz/../en/about"],
];

describe("methods a read-only address does not take", () => {
  test.each(readOnly)("%s %s: JSON 405 with Allow for JSON callers", async (method, path) => {
    const answer = await rawRequest(server.url, path, {
      method,
      headers: {
        accept: "application/json",
        "accept-language": "en",
        "content-type": "application/json",
        "content-length": "2",
      },
      body: "{}",
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
    expect(answer.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(answer.body)).toEqual({ message: "This method is not allowed here." });
    expect(errors).not.toHaveBeenCalled();
  });

  test.each(readOnly)("%s %s: a small page for browsers, in the address's language", async (method, path) => {
    const answer = await rawRequest(server.url, path, { method, headers: { accept: "text/html" } });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe("GET, HEAD");
    if (!path.endsWith(".data")) {
      expect(answer.headers["content-type"]).toContain("text/html");
      const english = new URL(path, server.url).pathname.startsWith("/en/");
      expect(answer.body).toContain(
        english ? "This method is not allowed here." : "این نوع درخواست در اینجا پذیرفته نیست.",
      );
    }
    expect(errors).not.toHaveBeenCalled();
  });

  test.each([
    ["PUT", "/unsubscribe?token=x"],
    ["DELETE", "/en/newsletter"],
    ["PATCH", "/fa/newsletter/confirm"],
  ])("%s %s: a page with a form takes POST, and only POST", async (method, path) => {
    const refused = await rawRequest(server.url, path, { method, headers: { accept: "application/json" } });
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET, HEAD, POST");
    // POST reaches the page's action: here a link the site did not sign, so the form's page answers 404.
    if (path.startsWith("/unsubscribe")) {
      const posted = await rawRequest(server.url, path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(posted.status).toBe(404);
    }
    expect(errors).not.toHaveBeenCalled();
  });

  test("API calls keep their own methods, and GET and HEAD on pages still work", async () => {
    expect((await rawRequest(server.url, "/api/search?q=x", { method: "DELETE" })).headers.allow).toBe("GET, HEAD");
    expect((await rawRequest(server.url, "/en/about", { method: "HEAD" })).status).toBe(200);
    expect((await rawRequest(server.url, "/feed.xml")).status).toBe(200);
    const login = await rawRequest(server.url, "/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "en" },
      body: JSON.stringify({ userName: "nobody", password: "wrong-password" }),
    });
    expect(login.status).toBe(401);
  });

  test("an address without a page answers its own methods: the relay's CORS preflight", async () => {
    const preflight = await rawRequest(server.url, "/relay", {
      method: "OPTIONS",
      headers: { origin: "https://client.example", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
    const put = await rawRequest(server.url, "/relay", { method: "PUT" });
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, OPTIONS");
  });
});
