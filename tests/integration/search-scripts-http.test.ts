/**
 * Search across scripts and keyboard layouts through the real HTTP server (production build, seeded site): a word
 * in one script finds the pages that write it in the other, and a query typed in the other keyboard layout is
 * answered for what was meant, with a link to search exactly what was typed (also when what was typed finds a page
 * but is implausible as typed and the other reading finds far more).
 */
import { describe, expect, test } from "vitest";
import { frontMatterSchema } from "~/content/front-matter";
import { importContent } from "~/content/import.server";
import type { SearchResponse } from "~/content/view-types";
import { serveSeededApp } from "../helpers/app-server";

/** Pages holding what a query in the wrong layout finds as typed: a name in a code block, a longer word. */
const server = serveSeededApp((db) =>
  importContent(db, [
    {
      locale: "fa",
      path: "/notes/config-names",
      frontMatter: frontMatterSchema.parse({ title: "نام‌های پیکربندی", category: "notes" }),
      body: "متغیر `hsjkl` را در پیکربندی ببینید.",
    },
    {
      locale: "fa",
      path: "/notes/css-animation",
      frontMatter: frontMatterSchema.parse({ title: "جنبش با CSS", category: "notes" }),
      body: "یک animation ساده.",
    },
  ]),
);

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

  test("two words typed apart find the pages of their joined word in the other script", async () => {
    const joined = await search({ q: "ری‌اکت", locale: "en", limit: "20" });
    const apart = await search({ q: "ری اکت", locale: "en", limit: "20" });
    // The joined word also finds what its part «اکت» finds ("act"); the two typed apart must both be there.
    expect(apart.body.results.length).toBeGreaterThan(0);
    expect(paths(joined.body)).toEqual(expect.arrayContaining(paths(apart.body)));
    for (const hit of apart.body.results) {
      const marked = hit.excerpt.filter((p) => p.match).map((p) => p.text.toLowerCase());
      expect(marked, hit.path).toContain("react");
    }
    expect(apart.body.showing).toBeNull();
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

  test("found as typed but implausible: the other reading, which finds far more pages, is shown", async () => {
    // «است» typed with the keyboard in the US layout is "hsj", the beginning of the name `hsjkl` on one page.
    const { body } = await search({ q: "hsj", locale: "fa", limit: "20" });
    expect(body.showing).toBe("است");
    expect(body.results.length).toBeGreaterThanOrEqual(5);
    expect(paths(body)).not.toContain("/notes/config-names");
    const typed = (await (await fetch(server.url + body.searchExactly!)).json()) as SearchResponse;
    expect(typed).toMatchObject({ query: "hsj", showing: null, searchExactly: null });
    expect(paths(typed)).toEqual(["/notes/config-names"]);
  });

  test("a plausible word found as typed is kept, though the other reading finds more", async () => {
    // "ani" is «شده» typed in the US layout, and «شده» is on many pages; "ani" begins "animation" on one.
    const done = await search({ q: "شده", locale: "fa", limit: "20" });
    expect(done.body.results.length).toBeGreaterThanOrEqual(5);
    const { body } = await search({ q: "ani", locale: "fa" });
    expect(body.showing).toBeNull();
    expect(body.searchExactly).toBeNull();
    expect(paths(body)).toEqual(["/notes/css-animation"]);
  });

  test("a bad exact flag is 400 in the caller's language, and searches nothing", async () => {
    const en = await search({ q: "git", locale: "en", exact: "yes" }, { "X-Locale": "en" });
    expect(en.status).toBe(400);
    expect(en.body.message).toBe("exact must be 0 or 1");
    const fa = await search({ q: "git", locale: "en", exact: "yes" }, { "X-Locale": "fa" });
    expect(fa.body.message).toBe("exact باید ۰ یا ۱ باشد");
  });
});
