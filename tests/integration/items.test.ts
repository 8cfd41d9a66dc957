/**
 * The items list through its API call and its page: every content item (drafts too) with its language,
 * category, status, last change, author and translation; filters, search (Persian spellings folded), order and
 * pages; bad query values refused by name; the open build's changes marked, its new pages listed first, titles
 * opening the editor for those who may write; the overview's count of unpublished changes.
 */
import { and, eq, not, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import { itemOrder, translationExists } from "~/content/items.server";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { elements } from "../helpers/html";
import { pageFields } from "../helpers/front-matter";

interface Item {
  locale: "fa" | "en";
  path: string;
  title: string;
  category: { slug: string; name: string | null } | null;
  status: "published" | "draft";
  updatedAt: string;
  author: string | null;
  translated: boolean;
  url: string | null;
  pending: { action: "create" | "update" | "move" | "delete"; to: string | null } | null;
  translationPending: boolean;
}
interface ItemPage {
  items: Item[];
  created: Item[];
  total: number;
  page: number;
  pageSize: number;
}

const site = serveSeededApp(async (db) => {
  // An item only in English, one in a category that does not exist, and an Arabic-spelled Persian title.
  await db.insert(pages).values([
    {
      locale: "en",
      path: "/notes/english-only",
      title: "Only in English",
      category: "notes",
      date: "2026-02-02",
      body: "…",
    },
    { locale: "en", path: "/imported/old", title: "Imported long ago", category: "archive-2019", body: "…" },
    { locale: "fa", path: "/notes/yeh", title: "يادداشت كوتاه", category: "notes", draft: true, body: "…" },
  ]);
});

let admin: ApiClient;
beforeAll(async () => {
  admin = new ApiClient(site.url);
  await admin.login("admin");
});

async function list(query = "", client = admin) {
  const answer = await client.get<ItemPage>(`/api/items/all${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe("the list", () => {
  test("every item, drafts too, newest change first, with what the owner needs to know", async () => {
    const db = await getDb();
    const all = await db.select().from(pages).all();
    const page = await list("?pageSize=100");
    expect(page.total).toBe(all.length);
    expect(page.items).toHaveLength(all.length);
    const times = page.items.map((item) => item.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const draft = page.items.find((item) => item.path === "/notes/draft-ideas" && item.locale === "en")!;
    expect(draft).toMatchObject({ status: "draft", url: null, category: { slug: "notes", name: "Notes" } });
    const post = page.items.find((item) => item.path === "/notes/learning-slowly" && item.locale === "en")!;
    expect(post).toMatchObject({ status: "published", url: "/en/notes/learning-slowly", translated: true });
    expect(post.author).toBeTruthy();
    expect(page.items.find((item) => item.path === "/notes/english-only")).toMatchObject({ translated: false });
    // A category that does not exist keeps its slug, without a name.
    expect(page.items.find((item) => item.path === "/imported/old")!.category).toEqual({
      slug: "archive-2019",
      name: null,
    });
  });

  test("category names come in the caller's language", async () => {
    const persian = new ApiClient(site.url, "fa");
    await persian.login("admin");
    const page = await list("?category=tuts", persian);
    expect(new Set(page.items.map((item) => item.category?.name))).toEqual(new Set(["آموزش‌ها"]));
  });

  test("readable with dashboard.read, not by a member", async () => {
    const member = new ApiClient(site.url);
    await member.login("member");
    expect((await member.get("/api/items/all")).status).toBe(403);
    const editor = new ApiClient(site.url);
    await editor.login("editor");
    expect((await editor.get("/api/items/all")).status).toBe(200);
  });
});

describe("filters, search and order", () => {
  test("by language, category, no category, status and missing translation", async () => {
    const english = await list("?locale=en&pageSize=100");
    expect(english.items.every((item) => item.locale === "en")).toBe(true);
    const tuts = await list("?category=tuts&pageSize=100");
    expect(tuts.total).toBeGreaterThan(0);
    expect(tuts.items.every((item) => item.category?.slug === "tuts")).toBe(true);
    const none = await list("?category=none&pageSize=100");
    expect(none.items.map((item) => item.path)).toContain("/about");
    expect(none.items.every((item) => item.category === null)).toBe(true);
    const drafts = await list("?status=draft&pageSize=100");
    expect(drafts.items.map((item) => `${item.locale}${item.path}`).sort()).toEqual(
      ["en/notes/draft-ideas", "fa/notes/draft-ideas", "fa/notes/yeh"].sort(),
    );
    const missing = await list("?translation=missing&pageSize=100");
    expect(missing.items.map((item) => item.path).sort()).toEqual([
      "/imported/old",
      "/notes/english-only",
      "/notes/yeh",
    ]);
    const both = await list("?locale=en&category=notes&status=published&translation=missing");
    expect(both.items.map((item) => item.path)).toEqual(["/notes/english-only"]);
  });

  test("empty choices are the choice left out (a form's “All”)", async () => {
    expect((await list("?locale=&category=&status=&translation=&sort=")).total).toBe((await list()).total);
  });

  test("search finds titles, addresses and authors, whichever yeh and kaf were typed", async () => {
    expect((await list("?q=bisect&locale=en")).items.map((item) => item.path)).toEqual(["/tuts/git-bisect"]);
    expect((await list(`?q=${encodeURIComponent("یادداشت کوتاه")}`)).items.map((item) => item.path)).toEqual([
      "/notes/yeh",
    ]);
    expect((await list("?q=GIT-BISECT")).total).toBe(2);
    // LIKE's wildcards are plain characters here.
    expect((await list("?q=%25")).total).toBe(0);
  });

  test("each item's translation is found through an index, not by reading every page (a site of any size)", async () => {
    const db = await getDb();
    const plan = await db.all<{ detail: string }>(
      sql`explain query plan select ${translationExists} from ${pages} where ${not(translationExists)}`,
    );
    const details = plan.map((row) => row.detail);
    expect(details.some((detail) => /twin/.test(detail))).toBe(true);
    // SQLite says "SCAN" for a table (or a whole index) read in full, "SEARCH" for a lookup.
    expect(details.filter((detail) => /^SCAN twin/.test(detail))).toEqual([]);
  });

  test("every sort reads the pages in order from an index: the last page of a large site is a walk, not a sort", async () => {
    const db = await getDb();
    for (const [sort, by] of Object.entries(itemOrder)) {
      const query = db
        .select({ id: pages.id })
        .from(pages)
        .orderBy(...by)
        .limit(20)
        .offset(1000)
        .toSQL();
      // Its parameters are the two numbers (limit, offset): written in place, so the plan is the query's own.
      const text = query.sql.replace(/\?/g, () => String(query.params.shift()));
      const plan = await db.all<{ detail: string }>(sql.raw(`explain query plan ${text}`));
      const details = plan.map((row) => row.detail);
      expect(details.join("; "), sort).not.toMatch(/TEMP B-TREE/);
    }
  });

  test("by title, by address, by last change either way", async () => {
    const titles = (await list("?locale=en&sort=title-asc&pageSize=100")).items.map((item) => item.title.toLowerCase());
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const paths = (await list("?sort=path-desc&pageSize=100")).items.map((item) => item.path);
    expect(paths).toEqual([...paths].sort().reverse());
    const db = await getDb();
    await db
      .update(pages)
      .set({ updatedAt: new Date(Date.UTC(2020, 0, 1)) })
      .where(and(eq(pages.locale, "en"), eq(pages.path, "/about")));
    expect((await list("?sort=updated-asc")).items[0]).toMatchObject({ locale: "en", path: "/about" });
  });

  test("pages of a chosen size that cover everything once", async () => {
    const total = (await list()).total;
    const seen: string[] = [];
    for (let n = 1; n <= Math.ceil(total / 7); n++) {
      const page = await list(`?sort=path-asc&pageSize=7&page=${n}`);
      expect(page.page).toBe(n);
      seen.push(...page.items.map((item) => `${item.locale}${item.path}`));
    }
    expect(new Set(seen).size).toBe(total);
    expect((await list(`?pageSize=7&page=${Math.ceil(total / 7) + 1}`)).items).toEqual([]);
  });

  test.each([
    ["?locale=de", "locale"],
    ["?status=deleted", "status"],
    ["?translation=maybe", "translation"],
    ["?sort=random", "sort"],
    ["?page=0", "page"],
    ["?pageSize=1000", "pageSize"],
  ])("%s is refused, naming %s", async (query, field) => {
    const answer = await admin.get(`/api/items/all${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.issues?.map((issue) => issue.path)).toEqual([field]);
  });
});

describe("the page", () => {
  test("shows the filtered items and keeps the filters in its form; a bad value is the 400 page", async () => {
    const response = await admin.raw("GET", "/en/manage/items?category=tuts&locale=fa");
    expect(response.status).toBe(200);
    const html = await response.text();
    const rows = elements(html, "li", { dataTestid: "item-row" });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.properties.dataLocale === "fa")).toBe(true);
    const selected = elements(html, "option", { selected: true }).map((option) => option.properties.value);
    expect(selected).toEqual(expect.arrayContaining(["fa", "tuts"]));
    expect((await admin.raw("GET", "/en/manage/items?status=gone")).status).toBe(400);
    expect((await admin.raw("GET", "/manage/items?page=۲")).status).toBe(200);
  });
});

describe("the open build's changes", () => {
  async function hashOf(locale: string, pagePath: string) {
    const answer = await admin.get<{ hash: string | null }>(
      `/api/builds/source?locale=${locale}&path=${encodeURIComponent(pagePath)}`,
    );
    expect(answer.status).toBe(200);
    return answer.body.hash;
  }
  async function commit(body: Record<string, unknown>) {
    const answer = await admin.post("/api/builds/commit", body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  beforeAll(async () => {
    await commit({
      action: "save",
      locale: "fa",
      path: "/notes/تازه",
      frontMatter: pageFields("یادداشت تازه", { category: "notes", date: "2026-11-20" }),
      markdown: "متن.",
      baseHash: null,
    });
    await commit({
      action: "save",
      locale: "en",
      path: "/about",
      frontMatter: pageFields("About"),
      markdown: "Changed.",
      baseHash: await hashOf("en", "/about"),
    });
    await commit({
      action: "save",
      locale: "en",
      path: "/notes/moved-away",
      previousPath: "/notes/english-only",
      frontMatter: pageFields("Only in English", { category: "notes", date: "2026-02-02" }),
      markdown: "…",
      baseHash: await hashOf("en", "/notes/english-only"),
    });
    await commit({ action: "delete", locale: "en", path: "/contact", baseHash: await hashOf("en", "/contact") });
  });

  test("each item the build changes, moves or deletes is marked; the others are not", async () => {
    const page = await list("?pageSize=100");
    const mark = (locale: string, pagePath: string) =>
      page.items.find((item) => item.locale === locale && item.path === pagePath)?.pending;
    expect(mark("en", "/about")).toEqual({ action: "update", to: null });
    expect(mark("en", "/notes/english-only")).toEqual({ action: "move", to: "/notes/moved-away" });
    expect(mark("en", "/contact")).toEqual({ action: "delete", to: null });
    expect(mark("fa", "/about")).toBeNull();
    expect(page.items.filter((item) => item.pending !== null)).toHaveLength(3);
    // A moved page is not listed a second time at its new address.
    expect(page.items.some((item) => item.path === "/notes/moved-away")).toBe(false);
    expect(page.created.some((item) => item.path === "/notes/moved-away")).toBe(false);
  });

  test("a page the build creates is listed first on the first page, with its details, filtered like the rest", async () => {
    const page = await list();
    expect(page.created).toHaveLength(1);
    expect(page.created[0]).toMatchObject({
      id: null,
      locale: "fa",
      path: "/notes/تازه",
      title: "یادداشت تازه",
      category: { slug: "notes", name: "Notes" },
      status: "published",
      author: "Ava Admin",
      translated: false,
      url: null,
      pending: { action: "create", to: null },
    });
    // Not part of the total: it is not on the site yet.
    expect(page.total).toBe((await list("?pageSize=100")).items.length);
    expect((await list("?page=2")).created).toEqual([]);
    expect((await list("?locale=en")).created).toEqual([]);
    expect((await list("?status=draft")).created).toEqual([]);
    expect((await list("?category=tuts")).created).toEqual([]);
    expect((await list("?translation=present")).created).toEqual([]);
    expect((await list(`?q=${encodeURIComponent("تازه")}`)).created).toHaveLength(1);
    expect((await list("?q=nothing-like-it")).created).toEqual([]);
  });

  test("the page links titles to the editor and offers translation and a new page to those who may write", async () => {
    const html = await (await admin.raw("GET", "/en/manage/items?pageSize=100")).text();
    const rows = elements(html, "li", { dataTestid: "item-row" });
    const row = (locale: string, pagePath: string) =>
      rows.find((r) => r.properties.dataLocale === locale && r.properties.dataPath === pagePath)!;
    const link = (locale: string, pagePath: string, testId: string) =>
      elements(row(locale, pagePath), "a", { dataTestid: testId })[0]?.properties.href;
    expect(row("fa", "/notes/تازه").properties.dataPending).toBe("create");
    expect(link("fa", "/notes/تازه", "item-title")).toBe("/en/manage/editor/fa/notes/تازه");
    expect(link("en", "/notes/learning-slowly", "item-title")).toBe("/en/manage/editor/en/notes/learning-slowly");
    expect(link("en", "/notes/learning-slowly", "item-view")).toBe("/en/notes/learning-slowly");
    // A moved page is edited at its new address; a deleted one is not edited.
    expect(link("en", "/notes/english-only", "item-title")).toBe("/en/manage/editor/en/notes/moved-away");
    expect(link("en", "/contact", "item-title")).toBe("/en/contact");
    // Only an item without its other language is offered for translation, into that language, beside it.
    expect(link("en", "/notes/learning-slowly", "item-translate")).toBeUndefined();
    expect(link("fa", "/notes/yeh", "item-translate")).toBe("/en/manage/editor/en/notes/yeh?from=fa");
    expect(elements(html, "a", { dataTestid: "new-page" })[0]?.properties.href).toBe("/en/manage/editor");
    const english = await (await admin.raw("GET", "/manage/items?locale=en")).text();
    expect(elements(english, "a", { dataTestid: "new-page" })[0]?.properties.href).toBe("/manage/editor?locale=en");

    // A moderator reads the list (dashboard.read) but does not write: titles open the site, nothing more.
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    const read = await (await moderator.raw("GET", "/en/manage/items?pageSize=100")).text();
    expect(elements(read, "li", { dataTestid: "item-row" }).length).toBeGreaterThan(0);
    expect(read).not.toContain("/manage/editor");
    expect(elements(read, "a", { dataTestid: "new-page" })).toEqual([]);
    expect(elements(read, "a", { dataTestid: "item-translate" })).toEqual([]);
  });

  test("the overview counts the open build's commits as unpublished changes, for those who may see builds", async () => {
    const html = await (await admin.raw("GET", "/en/manage")).text();
    const [card] = elements(html, "li", { dataTestid: "count-unpublished-changes" });
    expect(card).toBeDefined();
    expect(elements(card!, "span", { dataTestid: "count-value" })[0]?.children).toEqual([
      expect.objectContaining({ value: "4" }),
    ]);
    expect(elements(card!, "a")[0]?.properties.href).toBe("/en/manage/builds");
    // A moderator (dashboard.read without builds.read) sees the other numbers, not this one.
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    const read = await (await moderator.raw("GET", "/en/manage")).text();
    expect(elements(read, "li", { dataTestid: "count-pages" })).toHaveLength(1);
    expect(elements(read, "li", { dataTestid: "count-unpublished-changes" })).toEqual([]);
  });

  test("a page whose translation waits in the open build says so, and is no longer offered for translation", async () => {
    const before = (await list("?pageSize=100")).items.find((item) => item.path === "/imported/old")!;
    expect(before).toMatchObject({ locale: "en", translated: false, translationPending: false });
    await commit({
      action: "save",
      locale: "fa",
      path: "/imported/old",
      frontMatter: pageFields("قدیمی"),
      markdown: "ترجمه.",
      baseHash: null,
    });
    const after = (await list("?pageSize=100")).items.find((item) => item.path === "/imported/old")!;
    expect(after).toMatchObject({ locale: "en", translated: false, translationPending: true });
    const html = await (await admin.raw("GET", "/en/manage/items?pageSize=100")).text();
    const row = elements(html, "li", { dataTestid: "item-row" }).find((li) =>
      JSON.stringify(li).includes("Imported long ago"),
    )!;
    expect(JSON.stringify(elements(row, "span", { dataTestid: "item-translation" }))).toContain(
      "Its Persian page waits to be published",
    );
    expect(elements(row, "a", { dataTestid: "item-translate" })).toEqual([]);
  });
});
