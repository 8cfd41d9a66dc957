/**
 * A page written in one language only: its head names no translation that does not exist, and the language
 * switch leads to the other language's home page instead of a 404. Its own database, with one Persian-only note.
 */
import { expect, test } from "vitest";
import { pages } from "~/db/schema";
import { serveSeededApp } from "../helpers/app-server";
import { elements, metaContent } from "../helpers/html";

const server = serveSeededApp(async (db) => {
  await db.insert(pages).values({
    locale: "fa",
    path: "/notes/only-persian",
    title: "فقط فارسی",
    description: "یادداشتی که ترجمه ندارد.",
    date: "2026-02-01",
    category: "notes",
    body: "این یادداشت فقط به فارسی نوشته شده است.",
  });
});

const html = async (path: string) => (await fetch(server.url + path)).text();
const hreflangs = (page: string) =>
  elements(page, "link", { rel: "alternate" })
    .filter((link) => link.properties.hrefLang)
    .map((link) => [link.properties.hrefLang, link.properties.href]);
const switchHref = (page: string) => elements(page, "a", { dataTestid: "language-switch" })[0]?.properties.href;

test("a Persian-only page links no English translation and switches to the English home page", async () => {
  const page = await html("/notes/only-persian");
  expect(page).toContain("فقط فارسی");
  expect(hreflangs(page)).toEqual([
    ["fa", `${server.url}/notes/only-persian`],
    ["x-default", `${server.url}/notes/only-persian`],
  ]);
  expect(metaContent(page, { property: "og:locale:alternate" })).toBeUndefined();
  expect(switchHref(page)).toBe("/en");
  expect((await fetch(server.url + "/en/notes/only-persian")).status).toBe(404);
});

test("a page written in both languages keeps both alternates and switches to its translation", async () => {
  const page = await html("/notes/learning-slowly");
  expect(hreflangs(page).map(([lang]) => lang)).toEqual(["fa", "en", "x-default"]);
  expect(metaContent(page, { property: "og:locale:alternate" })).toBe("en_US");
  expect(switchHref(page)).toBe("/en/notes/learning-slowly");
});

test("the sitemap lists the Persian-only page with its one language", async () => {
  const sitemap = await html("/sitemap.xml");
  const entry = /<url>\s*<loc>[^<]*\/notes\/only-persian<\/loc>[\s\S]*?<\/url>/.exec(sitemap)?.[0] ?? "";
  expect(entry).toContain('hreflang="fa"');
  expect(entry).not.toContain('hreflang="en"');
});
