/**
 * Search across scripts and keyboard layouts through the real HTTP server (production build, seeded site): a word
 * in one script finds the pages that write it in the other, and a query typed in the other keyboard layout is
 * answered for what was meant, with a link to search exactly what was typed.
 */
import { describe, expect, test } from "vitest";
import type { SearchResponse } from "~/content/view-types";
import { serveSeededApp } from "../helpers/app-server";

const server = serveSeededApp();

async function search(params: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/search?${new URLSearchParams(params)}`, { headers });
  return { status: response.status, body: (await response.json()) as SearchResponse & { message?: string } };
}
const paths = (body: SearchResponse) => body.results.map((r) => r.path);

describe("GET /api/search across scripts", () => {
  test("a Latin spelling finds the Persian page, a Persian one the English page", async () => {
    const fa = await search({ q: "golestan", locale: "fa" });
    expect(paths(fa.body)).toEqual(expect.arrayContaining(["/books/golestan-saadi"]));
    expect(fa.body.showing).toBeNull();
    expect(fa.body.searchExactly).toBeNull();
    const en = await search({ q: "گلستان سعدی", locale: "en" });
    expect(paths(en.body)[0]).toBe("/books/golestan-saadi");
  });

  test("every page a cross-script query finds holds the word in one script or the other", async () => {
    const { body } = await search({ q: "saadi", locale: "fa", limit: "20" });
    expect(body.results.length).toBeGreaterThan(0);
    for (const hit of body.results) {
      const marked = hit.excerpt.filter((p) => p.match).map((p) => p.text.toLowerCase());
      expect(
        marked.every((word) => word === "سعدی" || word === "saadi"),
        hit.path,
      ).toBe(true);
    }
  });
});

describe("GET /api/search in the wrong keyboard layout", () => {
  test("Persian typed on an English keyboard: results for what was meant, and a link to what was typed", async () => {
    // «گلستان» typed with the keyboard in the US layout.
    const { status, body } = await search({ q: "'gsjhk", locale: "fa" });
    expect(status).toBe(200);
    expect(body.query).toBe("'gsjhk");
    expect(body.showing).toBe("گلستان");
    expect(paths(body)).toContain("/books/golestan-saadi");
    expect(body.searchExactly).toMatch(/^\/api\/search\?/);
    const exactly = await fetch(server.url + body.searchExactly!);
    const typed = (await exactly.json()) as SearchResponse;
    expect(typed).toMatchObject({ query: "'gsjhk", showing: null, searchExactly: null, results: [] });
  });

  test("English typed on a Persian keyboard", async () => {
    const { body } = await search({ q: "لهف ذهسثزف", locale: "en" });
    expect(body.showing).toBe("git bisect");
    expect(paths(body)[0]).toBe("/tuts/git-bisect");
  });

  test("a query found as typed is not rewritten", async () => {
    const { body } = await search({ q: "git", locale: "en" });
    expect(body.showing).toBeNull();
    expect(paths(body)).toContain("/tuts/git-bisect");
  });

  test("a bad exact flag is 400 in the caller's language, and searches nothing", async () => {
    const en = await search({ q: "git", locale: "en", exact: "yes" }, { "X-Locale": "en" });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe("exact must be 0 or 1");
    const fa = await search({ q: "git", locale: "en", exact: "yes" }, { "X-Locale": "fa" });
    expect(fa.body.message).toBe("exact باید ۰ یا ۱ باشد");
  });
});
