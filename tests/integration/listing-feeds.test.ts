/**
 * A feed per category and per tag, in each language, on the production build: valid Atom like the main feed,
 * holding only that listing's public posts newest first (no draft, no scheduled page), refreshed when a build is
 * published, 404 for a category or tag the site does not have, and linked from the listing's own page.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary, PageSource } from "~/builds/builds.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { atomSchemaErrors } from "../helpers/atom-schema";
import { pageFields } from "../helpers/front-matter";
import { element } from "../helpers/html";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let editor: ApiClient;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  editor = new ApiClient(server.url);
  await editor.login("editor");
});
afterAll(async () => {
  await server?.close();
});

const BOOK_TAG = "کتاب";
const bookTagPath = `/tags/${encodeURIComponent(BOOK_TAG)}`;

async function get(address: string) {
  const answer = await fetch(server.url + address);
  return { status: answer.status, type: answer.headers.get("content-type"), body: await answer.text() };
}

interface Entry {
  link: string;
  title: string;
  published: string;
  terms: string[];
}

/** An element's text, out of the CDATA section the feed writer puts it in. */
function text(raw: string): string {
  return raw.replace(/^<!\[CDATA\[([\s\S]*)\]\]>$/, "$1");
}

function entries(xml: string): Entry[] {
  return [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map(([, entry]) => ({
    link: /<link href="([^"]*)"/.exec(entry!)![1]!,
    title: text(/<title[^>]*>([\s\S]*?)<\/title>/.exec(entry!)![1]!),
    published: /<published>([^<]*)<\/published>/.exec(entry!)![1]!,
    terms: [...entry!.matchAll(/<category [^>]*term="([^"]*)"/g)].map((match) => match[1]!),
  }));
}

/** The feed's own links: `self` (the feed) and `alternate` (the listing it follows). */
function feedLinks(xml: string) {
  const head = xml.slice(0, xml.indexOf("<entry>"));
  return {
    self: /<link rel="self" href="([^"]*)"/.exec(head)?.[1],
    alternate: /<link rel="alternate" href="([^"]*)"/.exec(head)?.[1],
    title: text(/<title[^>]*>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ""),
  };
}

async function feed(address: string) {
  const answer = await get(address);
  expect(answer.status, address).toBe(200);
  expect(answer.type, address).toBe("application/atom+xml; charset=utf-8");
  expect(await atomSchemaErrors(answer.body), `${address} against Atom's schema`).toEqual([]);
  return answer.body;
}

function newestFirst(list: Entry[]) {
  const dates = list.map((entry) => entry.published);
  expect(dates).toEqual([...dates].sort().reverse());
}

async function publishOpenBuild() {
  const all = (await editor.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds;
  const open = all.find((b) => b.status === "open")!;
  const answer = await editor.post("/api/builds/run", { buildId: open.id });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function save(path: string, frontMatter: Record<string, unknown>) {
  const source = await editor.get<PageSource>(`/api/builds/source?locale=en&path=${encodeURIComponent(path)}`);
  const answer = await editor.post("/api/builds/commit", {
    action: "save",
    locale: "en",
    path,
    frontMatter,
    markdown: "A few lines for the feed.",
    baseHash: source.status === 200 && source.body.exists ? source.body.hash : null,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
}

describe("a category's feed", () => {
  test("holds that category's public posts in its language, newest first, titled and linked for its listing", async () => {
    // "/fa/…" is answered as the unprefixed Persian address is, and names that one as its own.
    for (const [address, locale, listing, name] of [
      ["/en/notes/feed.xml", "en", "/en/notes", "Notes"],
      ["/notes/feed.xml", "fa", "/notes", "یادداشت‌ها"],
      ["/fa/notes/feed.xml", "fa", "/notes", "یادداشت‌ها"],
    ] as const) {
      const xml = await feed(address);
      expect(xml).toContain(`xml:lang="${locale}"`);
      const list = entries(xml);
      expect(list.length, address).toBeGreaterThan(0);
      for (const entry of list) expect(entry.terms, entry.link).toEqual(["notes"]);
      newestFirst(list);
      const links = feedLinks(xml);
      expect(links.self).toBe(`${server.url}${listing}/feed.xml`);
      expect(links.alternate).toBe(server.url + listing);
      expect(links.title).toContain(name);
      // The draft of the category is in no feed.
      expect(xml).not.toContain("draft-ideas");
    }
    // The same posts the category's page lists.
    const page = (await get("/en/notes")).body;
    for (const entry of entries(await feed("/en/notes/feed.xml")))
      expect(page).toContain(`href="${entry.link.slice(server.url.length)}"`);
    // Another category's posts are not there, and that category has its own.
    const books = entries(await feed("/en/books/feed.xml"));
    expect(books.length).toBeGreaterThan(0);
    for (const entry of books) expect(entry.terms).toEqual(["books"]);
  });

  test("a scheduled post is absent; a new post appears once its build is published", async () => {
    const before = await feed("/en/notes/feed.xml");
    const publishAt = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19) + "Z";
    await save("/notes/owl-at-noon", pageFields("Owl at noon", { date: "2026-11-26", category: "notes", publishAt }));
    await save("/notes/heron-at-dusk", pageFields("Heron at dusk", { date: "2026-11-27", category: "notes" }));
    expect(before).not.toContain("Heron at dusk");
    await publishOpenBuild();
    const after = await feed("/en/notes/feed.xml");
    const list = entries(after);
    expect(list[0]?.title).toBe("Heron at dusk");
    expect(after).not.toContain("Owl at noon");
    expect((await feed("/en/books/feed.xml")).includes("Heron at dusk")).toBe(false);
  }, 120_000);
});

describe("a tag's feed", () => {
  test("a Persian tag's feed answers at its percent-encoded address with that tag's posts", async () => {
    const xml = await feed(`${bookTagPath}/feed.xml`);
    expect(xml).toContain('xml:lang="fa"');
    const list = entries(xml);
    expect(list.length).toBeGreaterThan(0);
    newestFirst(list);
    const page = (await get(bookTagPath)).body;
    for (const entry of list) expect(page).toContain(`href="${entry.link.slice(server.url.length)}"`);
    const links = feedLinks(xml);
    expect(links.self).toBe(`${server.url}${bookTagPath}/feed.xml`);
    expect(links.alternate).toBe(server.url + bookTagPath);
    expect(links.title).toContain(BOOK_TAG);
  });

  test("an English tag's feed is under /en", async () => {
    const xml = await feed("/en/tags/TypeScript/feed.xml");
    expect(xml).toContain('xml:lang="en"');
    expect(entries(xml).length).toBeGreaterThan(0);
    expect(feedLinks(xml).alternate).toBe(`${server.url}/en/tags/TypeScript`);
  });
});

describe("spellings of a tag's feed address", () => {
  test("another spelling of the tag goes to its one address, as the tag's page does", async () => {
    const answer = await fetch(`${server.url}/en/tags/typescript/feed.xml`, { redirect: "manual" });
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/en/tags/TypeScript/feed.xml");
  });

  test("/tags/feed.xml is the page of a tag called feed.xml, not a feed", async () => {
    const answer = await get("/en/tags/feed.xml");
    expect(answer.status).toBe(404);
    expect(answer.type).toContain("text/html");
  });
});

describe("addresses no listing has", () => {
  test.each([
    "/en/no-such-category/feed.xml",
    "/no-such-category/feed.xml",
    "/tags/no-such-tag/feed.xml",
    "/en/tags/no-such-tag/feed.xml",
    "/tags/%ZZ/feed.xml",
    "/manage/feed.xml",
    "/en/about/feed.xml",
  ])("%s is 404", async (address) => {
    const answer = await get(address);
    expect(answer.status).toBe(404);
    expect(answer.type).not.toContain("atom");
  });
});

describe("discovery", () => {
  test("the category and tag pages link their own feed in their language; other pages the main feed", async () => {
    const alternate = (html: string) => element(html, "link", { type: "application/atom+xml" }).properties;
    const notes = alternate((await get("/en/notes")).body);
    expect(notes.href).toBe(`${server.url}/en/notes/feed.xml`);
    expect(notes.title).toContain("Notes");
    const faNotes = alternate((await get("/notes")).body);
    expect(faNotes.href).toBe(`${server.url}/notes/feed.xml`);
    expect(faNotes.title).toContain("یادداشت‌ها");
    const tag = alternate((await get(bookTagPath)).body);
    expect(tag.href).toBe(`${server.url}${bookTagPath}/feed.xml`);
    expect(tag.title).toContain(BOOK_TAG);
    expect(alternate((await get("/en/about")).body).href).toBe(`${server.url}/en/feed.xml`);
    expect(alternate((await get("/en")).body).href).toBe(`${server.url}/en/feed.xml`);
  });
});
