/**
 * Translations are linked, not guessed: a Persian page at /یادداشت/سلام and its English translation at
 * /en/notes/hello (whose file says `translationOf: /یادداشت/سلام`) know each other in the language switch, the
 * hreflang links, the sitemap and the items list; a page the link passes over is no one's translation; pages
 * without a link keep the same-address rule.
 */
import { describe, expect, test } from "vitest";
import { pages } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { elements } from "../helpers/html";

const server = serveSeededApp(async (db) => {
  await db.insert(pages).values([
    { locale: "fa", path: "/یادداشت/سلام", title: "سلام", date: "2026-11-01", body: "سلام دنیا." },
    {
      locale: "en",
      path: "/notes/hello",
      title: "Hello",
      date: "2026-11-01",
      translationOf: "/یادداشت/سلام",
      body: "Hello, world.",
    },
    // At the English page's address, but not its translation: the English page is linked to another.
    { locale: "fa", path: "/notes/hello", title: "سلامی دیگر", date: "2026-11-02", body: "نوشته‌ای دیگر." },
  ]);
});

const html = async (path: string) => (await fetch(server.url + encodeURI(path))).text();
const decoded = (href: unknown) => decodeURI(String(href));
const hreflangs = (page: string) =>
  elements(page, "link", { rel: "alternate" })
    .filter((link) => link.properties.hrefLang)
    .map((link) => [link.properties.hrefLang, decoded(link.properties.href)]);
const switchHref = (page: string) =>
  decoded(elements(page, "a", { dataTestid: "language-switch" })[0]?.properties.href);

describe("a linked translation", () => {
  test("the English page's switch and alternates lead to its Persian original at another address", async () => {
    const page = await html("/en/notes/hello");
    expect(switchHref(page)).toBe("/یادداشت/سلام");
    expect(hreflangs(page)).toEqual([
      ["fa", `${server.url}/یادداشت/سلام`],
      ["en", `${server.url}/en/notes/hello`],
      ["x-default", `${server.url}/یادداشت/سلام`],
    ]);
  });

  test("the Persian page knows its translation though its own file says nothing", async () => {
    const page = await html("/یادداشت/سلام");
    expect(switchHref(page)).toBe("/en/notes/hello");
    expect(hreflangs(page)).toContainEqual(["en", `${server.url}/en/notes/hello`]);
  });

  test("the page at the English page's address in Persian is no one's translation", async () => {
    const page = await html("/notes/hello");
    expect(switchHref(page)).toBe("/en");
    expect(hreflangs(page).map(([lang]) => lang)).toEqual(["fa", "x-default"]);
  });

  test("pages without a link keep the same-address rule", async () => {
    const page = await html("/notes/learning-slowly");
    expect(switchHref(page)).toBe("/en/notes/learning-slowly");
  });

  test("the sitemap gives the pair as one address with both alternates", async () => {
    const sitemap = decodeURI(await html("/sitemap.xml"));
    const entry = /<url>\s*<loc>[^<]*\/en\/notes\/hello<\/loc>[\s\S]*?<\/url>/.exec(sitemap)?.[0] ?? "";
    expect(entry).toContain(`hreflang="fa" href="${server.url}/یادداشت/سلام"`);
    const other = /<url>\s*<loc>[^<]*127\.0\.0\.1:\d+\/notes\/hello<\/loc>[\s\S]*?<\/url>/.exec(sitemap)?.[0] ?? "";
    expect(other).not.toContain('hreflang="en"');
  });

  test("the items list counts the linked pages translated and the one passed over not", async () => {
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    const answer = await admin.get<{ items: { locale: string; path: string; translated: boolean }[] }>(
      `/api/items/all?q=${encodeURIComponent("سلام")}&pageSize=50`,
    );
    const byKey = new Map(answer.body.items.map((item) => [`${item.locale}:${item.path}`, item.translated]));
    expect(byKey.get("fa:/یادداشت/سلام")).toBe(true);
    expect(byKey.get("fa:/notes/hello")).toBe(false);
    const english = await admin.get<{ items: { locale: string; path: string; translated: boolean }[] }>(
      "/api/items/all?q=hello&pageSize=50",
    );
    expect(english.body.items.find((item) => item.path === "/notes/hello" && item.locale === "en")?.translated).toBe(
      true,
    );
  });
});

describe("the link is written by the editor's saves", () => {
  async function saveAndPublish(editor: ApiClient, body: Record<string, unknown>) {
    const saved = await editor.post<{ buildId: number }>("/api/builds/commit", body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect((await editor.post("/api/builds/run", { buildId: saved.body.buildId })).status).toBe(200);
  }
  const fields = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    description: "",
    tags: [],
    toc: false,
    comments: false,
    draft: false,
    intro: false,
    ...extra,
  });

  test("a translation saved with its link keeps it through a save that does not send it, and unlinks with an empty one", async () => {
    const editor = new ApiClient(server.url);
    await editor.login("editor");
    await saveAndPublish(editor, {
      action: "save",
      locale: "en",
      path: "/notes/greetings",
      frontMatter: fields("Greetings", { translationOf: "/یادداشت/سلام" }),
      markdown: "Greetings.",
      baseHash: null,
    });
    const source = async () =>
      (await editor.get<{ text: string; hash: string }>("/api/builds/source?locale=en&path=%2Fnotes%2Fgreetings")).body;
    expect((await source()).text).toContain("translationOf: /یادداشت/سلام");

    // A form that does not know the field (an older editor) leaves the link as the file has it.
    await saveAndPublish(editor, {
      action: "save",
      locale: "en",
      path: "/notes/greetings",
      frontMatter: fields("Greetings, again"),
      markdown: "Greetings.",
      baseHash: (await source()).hash,
    });
    expect((await source()).text).toContain("translationOf: /یادداشت/سلام");

    const bad = await editor.post("/api/builds/commit", {
      action: "save",
      locale: "en",
      path: "/notes/greetings",
      frontMatter: fields("Greetings", { translationOf: "https://evil.example/" }),
      markdown: "Greetings.",
      baseHash: (await source()).hash,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]?.message).toBe(
      "The translation is a page's address in the other language, like /notes/hello.",
    );

    await saveAndPublish(editor, {
      action: "save",
      locale: "en",
      path: "/notes/greetings",
      frontMatter: fields("Greetings", { translationOf: "" }),
      markdown: "Greetings.",
      baseHash: (await source()).hash,
    });
    expect((await source()).text).not.toContain("translationOf");
  });
});
