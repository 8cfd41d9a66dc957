/**
 * Tag pages through the real HTTP server (production build, seeded database): the tag index and each tag's page
 * in both languages, Persian tags with ZWNJ and spaces at their encoded addresses, one address per tag (other
 * spellings redirect), 404s, pagination, the head's alternates, the sitemap, the links under a post and the
 * document cache. Its own database: nine more Persian posts carry «مهندسی نرم‌افزار» (so it has two pages), and
 * English posts spell "RTL" and "Café" in other ways.
 */
import type { Element, Root } from "hast";
import { describe, expect, test } from "vitest";
import { pages } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { element, elements, metaContent, textOf } from "../helpers/html";
import { rawRequest } from "../helpers/raw-http";

const engineering = "مهندسی نرم‌افزار";
/** The one spelling of its address: the tag percent-encoded as written (its ZWNJ is %E2%80%8C, its space %20). */
const engineeringPath = `/tags/${encodeURIComponent(engineering)}`;

const server = serveSeededApp(async (db) => {
  const extra = Array.from({ length: 9 }, (_, i) => ({
    locale: "fa" as const,
    path: `/notes/engineering-${i + 1}`,
    title: `یادداشت مهندسی ${i + 1}`,
    description: "",
    // 2024-01-01 … 2024-01-09: all older than the bundled post carrying the tag.
    date: `2024-01-0${i + 1}`,
    category: "notes",
    tags: [engineering],
    body: "متن",
  }));
  await db.insert(pages).values([
    ...extra,
    {
      locale: "en",
      path: "/notes/lowercase-rtl",
      title: "Lower-case RTL",
      description: "",
      date: "2024-03-01",
      category: "notes",
      tags: ["rtl", "Café"],
      body: "Text.",
    },
    {
      locale: "en",
      path: "/notes/decomposed-cafe",
      title: "Decomposed Café",
      description: "",
      date: "2024-03-02",
      category: "notes",
      // "e" followed by a combining acute accent: the same tag as "Café" once normalised.
      tags: ["Cafe\u0301"],
      body: "Text.",
    },
    {
      locale: "en",
      path: "/tagged-page",
      title: "A Page With a Tag",
      description: "",
      date: null,
      tags: ["Only On A Page"],
      body: "Not a post.",
    },
  ]);
});

const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });
const html = async (path: string) => {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
const within = (node: Element): Root => ({ type: "root", children: [node] });
/** The posts a listing shows, by their links, in order. */
const listed = (page: string) =>
  elements(page, "article", { dataTestid: "post-item" }).map((item) => elements(within(item), "a")[0]!.properties.href);
const hreflangs = (page: string) =>
  elements(page, "link", { rel: "alternate" })
    .filter((link) => link.properties.hrefLang)
    .map((link) => [link.properties.hrefLang, link.properties.href]);

describe("a tag's page", () => {
  test("lists the language's posts carrying the tag, newest first, and no other language's", async () => {
    const en = await html("/en/tags/TypeScript");
    expect(listed(en)).toEqual([
      "/en/projects/building-daftar",
      "/en/tuts/intl-persian-numbers",
      "/en/projects/jalali-cli",
    ]);
    expect(textOf(element(en, "h1"))).toBe("Tag: TypeScript");
    expect(textOf(element(en, "p", { dataTestid: "post-count" }))).toBe("3 posts");
    expect(textOf(element(en, "title"))).toBe("Tag: TypeScript | Daftar • A developer's notebook");
    expect(metaContent(en, { name: "description" })).toBe("Posts tagged “TypeScript”.");

    const fa = await html("/tags/TypeScript");
    expect(listed(fa)).toEqual(["/projects/building-daftar", "/tuts/intl-persian-numbers", "/projects/jalali-cli"]);
    expect(textOf(element(fa, "h1"))).toBe("برچسب: TypeScript");
    expect(textOf(element(fa, "p", { dataTestid: "post-count" }))).toBe("۳ نوشته");
    expect(await html("/fa/tags/TypeScript")).toContain("برچسب: TypeScript");
  });

  test("a Persian tag with a ZWNJ and a space is found at its encoded address", async () => {
    expect(engineeringPath).toContain("%E2%80%8C");
    expect(engineeringPath).toContain("%20");
    const page = await html(engineeringPath);
    expect(textOf(element(page, "h1"))).toBe(`برچسب: ${engineering}`);
    // The bundled post (2025) first, then the added ones from newest to oldest.
    expect(listed(page).slice(0, 3)).toEqual([
      "/books/pragmatic-programmer",
      "/notes/engineering-9",
      "/notes/engineering-8",
    ]);
    expect(element(page, "link", { rel: "canonical" }).properties.href).toBe(server.url + engineeringPath);
    expect(metaContent(page, { property: "og:url" })).toBe(server.url + engineeringPath);
    // React Router's client navigation asks for the same address with .data.
    expect((await get(`${engineeringPath}.data`)).status).toBe(200);
  });

  test("tags match whatever their case or Unicode form; other spellings of the address redirect to the one", async () => {
    // "rtl" on one English post and "RTL" on three: one tag, named as most posts write it.
    expect(listed(await html("/en/tags/RTL"))).toContain("/en/notes/lowercase-rtl");
    // "Café" and "cafe" with a combining accent: one tag.
    const cafe = await html(`/en/tags/${encodeURIComponent("Café")}`);
    expect(listed(cafe)).toEqual(["/en/notes/decomposed-cafe", "/en/notes/lowercase-rtl"]);
    const spellings: [string, string][] = [
      ["/en/tags/rtl", "/en/tags/RTL"],
      ["/en/tags/typescript?page=1", "/en/tags/TypeScript?page=1"],
      ["/en/tags/TypeScript/", "/en/tags/TypeScript"],
      [`/en/tags/${encodeURIComponent("cafe\u0301")}`, `/en/tags/${encodeURIComponent("Café")}`],
      [engineeringPath.toLowerCase(), engineeringPath],
      [`/fa${engineeringPath.toLowerCase()}`, `/fa${engineeringPath}`],
      ["/tags/", "/tags"],
    ];
    for (const [from, to] of spellings) {
      const response = await get(from);
      expect(response.status, from).toBe(301);
      expect(response.headers.get("location"), from).toBe(to);
    }
  });

  test("a tag no post of the language carries is the 404 page", async () => {
    for (const path of [
      "/tags/no-such-tag",
      "/en/tags/no-such-tag",
      // English only, asked for in Persian; Persian only, asked for in English.
      "/tags/debugging",
      `/en${engineeringPath}`,
      // Only drafts carry these.
      "/en/tags/draft",
      `/tags/${encodeURIComponent("پیش‌نویس")}`,
      // Only a plain page (no date) carries it: tag pages list posts.
      `/en/tags/${encodeURIComponent("Only On A Page")}`,
      // A broken percent-encoding and dot segments.
      "/tags/%E0%A4%A",
      "/tags/%2E%2E%2Fadmin",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('data-testid="error-page"');
    }
  });

  test("pages through the posts with ?page=; a page past the end is 404, a bad number 400", async () => {
    const first = await html(engineeringPath);
    expect(listed(first)).toHaveLength(8);
    expect(textOf(element(first, "p", { dataTestid: "post-count" }))).toBe("۱۰ نوشته");
    const pagination = element(first, "nav", { dataTestid: "pagination" });
    expect(elements(within(pagination), "a", { rel: "next" })[0]!.properties.href).toBe(`${engineeringPath}?page=2`);

    const second = await html(`${engineeringPath}?page=۲`);
    expect(listed(second)).toEqual(["/notes/engineering-2", "/notes/engineering-1"]);
    expect(textOf(element(second, "title"))).toContain("صفحهٔ ۲ از ۲");
    expect((await get(`${engineeringPath}?page=3`)).status).toBe(404);
    const bad = await rawRequest(server.url, "/en/tags/TypeScript?page=abc", { headers: { accept: "text/html" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("page");
  });

  test("links the other language as an alternate only where it has the same tag", async () => {
    expect(hreflangs(await html("/en/tags/Git"))).toEqual([
      ["fa", `${server.url}/tags/Git`],
      ["en", `${server.url}/en/tags/Git`],
      ["x-default", `${server.url}/tags/Git`],
    ]);
    const persianOnly = await html(engineeringPath);
    expect(hreflangs(persianOnly)).toEqual([
      ["fa", server.url + engineeringPath],
      ["x-default", server.url + engineeringPath],
    ]);
    expect(metaContent(persianOnly, { property: "og:locale:alternate" })).toBeUndefined();
    // The language switch goes to the English home page instead of a missing tag page.
    expect(element(persianOnly, "a", { dataTestid: "language-switch" }).properties.href).toBe("/en");
  });
});

describe("the tag index", () => {
  test("lists every tag of the language alphabetically, with its post count, linked to its page", async () => {
    const en = await html("/en/tags");
    expect(textOf(element(en, "h1"))).toBe("Tags");
    const links = elements(en, "a", { dataTestid: "tag-link" });
    const entries = links.map((link) => [link.properties.href, textOf(link)]);
    expect(entries).toContainEqual(["/en/tags/TypeScript", "TypeScript3 posts"]);
    expect(entries).toContainEqual(["/en/tags/Git", "Git1 post"]);
    expect(entries).toContainEqual(["/en/tags/RTL", "RTL4 posts"]);
    expect(entries).toContainEqual([
      `/en/tags/${encodeURIComponent("software engineering")}`,
      "software engineering1 post",
    ]);
    const names = entries.map(([, text]) => String(text).replace(/\d+ posts?$/, ""));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    // Drafts' tags, plain pages' tags and the other language's tags are not there.
    expect(names).not.toContain("draft");
    expect(names).not.toContain("Only On A Page");
    expect(names).not.toContain("کتاب");

    const fa = await html("/tags");
    const faEntries = elements(fa, "a", { dataTestid: "tag-link" }).map((link) => [link.properties.href, textOf(link)]);
    expect(faEntries).toContainEqual([engineeringPath, `${engineering}۱۰ نوشته`]);
    expect(faEntries).toContainEqual([`/tags/${encodeURIComponent("کتاب")}`, "کتاب۳ نوشته"]);
    expect(faEntries.map(([href]) => href)).not.toContain(`/tags/${encodeURIComponent("پیش‌نویس")}`);
    expect(textOf(element(fa, "title"))).toMatch(/^برچسب‌ها \| /);
  });
});

describe("tags under a post", () => {
  test("link to their tag pages, under the tag's one address", async () => {
    const tagLinks = (page: string) =>
      elements(within(element(page, "ul", { dataTestid: "post-tags" })), "a").map((link) => [
        link.properties.href,
        textOf(link),
      ]);
    expect(tagLinks(await html("/en/tuts/git-bisect"))).toEqual([
      ["/en/tags/Git", "Git"],
      ["/en/tags/debugging", "debugging"],
      ["/en/tags/tutorial", "tutorial"],
    ]);
    expect(tagLinks(await html("/tuts/git-bisect"))).toEqual([
      ["/tags/Git", "Git"],
      [`/tags/${encodeURIComponent("اشکال‌زدایی")}`, "اشکال‌زدایی"],
      [`/tags/${encodeURIComponent("آموزش")}`, "آموزش"],
    ]);
    // A post that spells a tag otherwise links the tag's page, not a redirect.
    expect(tagLinks(await html("/en/notes/lowercase-rtl"))).toEqual([
      ["/en/tags/RTL", "rtl"],
      [`/en/tags/${encodeURIComponent("Café")}`, "Café"],
    ]);
  });
});

describe("the sitemap", () => {
  test("lists the tag index and every tag page in each language, with alternates only where they exist", async () => {
    const sitemap = await html("/sitemap.xml");
    const entry = (loc: string) =>
      new RegExp(`<url>\\s*<loc>${loc.replace(/[.?*+()[\]]/g, "\\$&")}</loc>[\\s\\S]*?</url>`).exec(sitemap)?.[0];
    for (const path of ["/tags", "/en/tags", "/tags/Git", "/en/tags/Git", "/en/tags/debugging", engineeringPath]) {
      expect(entry(server.url + path), path).toBeDefined();
    }
    expect(entry(`${server.url}/tags/Git`)).toContain(`hreflang="en" href="${server.url}/en/tags/Git"`);
    const persianOnly = entry(server.url + engineeringPath)!;
    expect(persianOnly).toContain(`hreflang="fa" href="${server.url}${engineeringPath}"`);
    expect(persianOnly).not.toContain('hreflang="en"');
    expect(sitemap).not.toContain(encodeURIComponent("پیش‌نویس"));
    expect(sitemap).not.toContain("/tags/draft");
  });
});

describe("document cache", () => {
  test("keeps a tag page at its one address only", async () => {
    const state = async (path: string) => (await rawRequest(server.url, path)).headers["x-document-cache"] ?? null;
    for (const path of ["/en/tags/TypeScript", engineeringPath, `${engineeringPath}?page=2`, "/en/tags"]) {
      await state(path);
      expect(await state(path), path).toBe("hit");
    }
    for (const path of [`${engineeringPath}?page=1`, `${engineeringPath}?page=%DB%B2`, "/en/tags/typescript"]) {
      await state(path);
      expect(await state(path), path).toBeNull();
    }
  });
});
