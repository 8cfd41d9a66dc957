/**
 * The document cache keeps one entry per page, whatever spelling of its address a request uses (and a Host
 * that is not the site's is refused before it), so nobody can push popular pages out by varying them; readers who
 * miss the same page at once share one rendering; and a comment's approval clears its own page's documents, not the
 * whole cache.
 */
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { serveSeededApp } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";
import { sessionCookieFor } from "../helpers/sessions";

process.env.SITE_URL = "https://daftar.example";

const cookies: Record<string, string> = {};
const server = serveSeededApp(async () => {
  for (const name of ["member", "moderator"]) cookies[name] = await sessionCookieFor(await getDb(), name);
});

/** A GET sent as written (fetch would normalise the path), with the given headers; its cache state. */
async function cacheState(path: string, headers: Record<string, string> = {}) {
  const answer = await rawRequest(server.url, path, { headers });
  return { status: answer.status, state: answer.headers["x-document-cache"] ?? null, body: answer.body };
}

/** Stored when the second request is served from memory. */
async function stored(path: string, headers: Record<string, string> = {}) {
  await cacheState(path, headers);
  return (await cacheState(path, headers)).state === "hit";
}

async function call(method: string, path: string, body: unknown, as: string) {
  const response = await fetch(server.url + path, {
    method,
    headers: { "accept-language": "en", "content-type": "application/json", cookie: cookies[as]! },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are checked field by field
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe("one entry per page", () => {
  test("with SITE_URL, its Host and this machine's share the canonical entry; any other Host is refused", async () => {
    await cacheState("/en/about", { host: "daftar.example" });
    expect((await cacheState("/en/about", { host: "Daftar.Example" })).state).toBe("hit");
    expect((await cacheState("/en/about")).state).toBe("hit");
    for (const host of ["one.example", `x${"y".repeat(200)}.example`]) {
      expect(await cacheState("/en/about", { host }), host).toMatchObject({ status: 421, state: null });
    }
  });

  test("another spelling of the same address is the same entry", async () => {
    await cacheState("/en/about");
    for (const path of ["/./en/about", "/en/x/../about", "/en/about?"]) {
      expect((await cacheState(path)).state, path).toBe("hit");
    }
  });

  test("parameters a page does not use, or non-canonical values, are rendered but not kept", async () => {
    for (const path of [
      "/en/about?page=2",
      "/en/about?page=1",
      "/en/about?category=notes",
      "/en/logs?page=01",
      "/en/logs?page=1",
      "/en/logs?page=%DB%B1",
      "/en/logs?page=%201",
      "/en/logs?page=1&category=notes",
      "/en/logs?category=notes&category=notes",
      "/en/logs?page=",
      "/notes?page=1",
    ]) {
      expect(await stored(path), path).toBe(false);
    }
    for (const path of ["/en/logs?page=999999", "/en/logs?page=abc"]) {
      expect((await cacheState(path)).status, path).toBe(404);
      expect(await stored(path), path).toBe(false);
    }
  });

  test("canonical addresses of listings are kept", async () => {
    for (const path of ["/en/logs", "/en/logs?category=notes", "/notes", "/"])
      expect(await stored(path), path).toBe(true);
  });
});

describe("comments clear their own page only", () => {
  const post = "/en/notes/learning-slowly";

  test("approving a comment refreshes that page's documents and keeps every other one", async () => {
    const others = ["/en/about", "/", "/en/logs", "/notes/learning-slowly", "/fa/notes/learning-slowly"];
    for (const path of [post, ...others]) expect(await stored(path), path).toBe(true);
    const pending = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "A comment to approve." },
      "member",
    );
    expect(pending.body.comment.status).toBe("pending");
    const approved = await call(
      "POST",
      "/api/comments/moderate",
      { id: pending.body.comment.id, newStatus: "approved" },
      "moderator",
    );
    expect(approved.status).toBe(200);
    expect((await cacheState(post)).state).not.toBe("hit");
    for (const path of others) expect((await cacheState(path)).state, path).toBe("hit");
  });

  test("a comment approved at once does the same", async () => {
    const others = ["/en/about", "/", "/notes/learning-slowly"];
    for (const path of [post, ...others]) expect(await stored(path), path).toBe(true);
    const posted = await call(
      "POST",
      "/api/comments/new",
      { routePath: post, commentBody: "Approved straight away." },
      "member",
    );
    expect(posted.body.comment.status).toBe("approved");
    expect((await cacheState(post)).state).not.toBe("hit");
    for (const path of others) expect((await cacheState(path)).state, path).toBe("hit");
  });
});

describe("one rendering per page", () => {
  test("readers who miss the same page at once wait for one rendering and all get its bytes", async () => {
    const path = "/en/tuts/git-bisect";
    const answers = await Promise.all(Array.from({ length: 8 }, () => cacheState(path)));
    const states = answers.map((answer) => answer.state);
    expect(states.filter((state) => state === "miss")).toHaveLength(1);
    expect(states.every((state) => state === "miss" || state === "joined" || state === "hit")).toBe(true);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
  });
});
