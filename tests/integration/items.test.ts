/**
 * The items list through its API call and its page: every content item (drafts too) with its language,
 * category, status, last change, author and translation; filters, search (Persian spellings folded), order and
 * pages; bad query values refused by name.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { elements } from "../helpers/html";

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
}
interface ItemPage {
  items: Item[];
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
