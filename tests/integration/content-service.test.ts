/**
 * The content service against a real database seeded the way the installer does it: catalog (drafts never
 * public), rendering cache and its invalidation, search index updates, views and the machine-readable
 * outputs.
 */
import { and, eq, like } from "drizzle-orm";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, test } from "vitest";
import { announceChange } from "~/cluster/change-feed.server";
import { adjacentPosts, findPage, findTag, getCatalog, localeTags, queryPosts } from "~/content/catalog.server";
import { documentGeneration, getDocument, putDocument } from "~/content/document-store.server";
import { stopRendering } from "~/content/markdown/render-markdown.server";
import { getRenderedPage } from "~/content/render.server";
import { searchContent } from "~/content/search.server";
import { atomFeed, robotsTxt, sitemapXml } from "~/content/seo.server";
import { atomSchemaErrors } from "../helpers/atom-schema";
import { groupByYear, paginationView, parsePageNumber, postListing } from "~/content/views.server";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { seedDatabase } from "../helpers/seed";

beforeAll(async () => {
  await seedDatabase(await getDb());
});

async function updatePage(locale: Locale, path: string, values: Partial<typeof pages.$inferInsert>) {
  const db = await getDb();
  await db
    .update(pages)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pages.locale, locale), eq(pages.path, path)));
}

describe("catalog", () => {
  test("holds every published page and never a draft", async () => {
    const catalog = await getCatalog();
    const paths = [...catalog.pages.values()].filter((p) => p.locale === "en").map((p) => p.path);
    expect(paths).toContain("/");
    expect(paths).toContain("/about");
    expect(paths).toContain("/notes");
    expect(paths).toContain("/tuts/git-bisect");
    expect(paths).not.toContain("/notes/draft-ideas");
    expect(await findPage("fa", "/notes/draft-ideas")).toBeUndefined();
    expect(await getRenderedPage("fa", "/notes/draft-ideas")).toBeUndefined();
  });

  test("posts are the dated pages, newest first, in each language", async () => {
    for (const locale of ["fa", "en"] as const) {
      const { items, total } = await queryPosts({ locale });
      expect(total).toBe(11);
      expect(items.every((post) => post.date !== null && post.locale === locale)).toBe(true);
      const dates = items.map((post) => post.date!);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(items[0]!.path).toBe("/projects/building-daftar");
    }
  });

  test("queries filter by category and intro, sort, and page with limit and offset", async () => {
    const books = await queryPosts({ locale: "en", category: "books" });
    expect(books.total).toBe(3);
    expect(books.items.every((post) => post.category === "books")).toBe(true);

    const intro = await queryPosts({ locale: "fa", intro: true });
    expect(intro.items.map((post) => post.path)).toEqual(["/projects/building-daftar"]);

    const oldest = await queryPosts({ locale: "en", sort: "oldest", limit: 1 });
    expect(oldest.items[0]!.path).toBe("/notes/writing-in-public");

    const byTitle = await queryPosts({ locale: "en", sort: "title" });
    const titles = byTitle.items.map((post) => post.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, "en")));

    const all = await queryPosts({ locale: "en" });
    const second = await queryPosts({ locale: "en", limit: 3, offset: 3 });
    expect(second.items.map((p) => p.path)).toEqual(all.items.slice(3, 6).map((p) => p.path));
    expect(second.total).toBe(11);
  });

  test("adjacent posts link newer and older", async () => {
    const all = (await queryPosts({ locale: "en" })).items;
    const { newer, older } = await adjacentPosts("en", all[1]!.path);
    expect(newer?.path).toBe(all[0]!.path);
    expect(older?.path).toBe(all[2]!.path);
  });
});

describe("catalog after changes", () => {
  /** The catalog in a form that does not depend on the order rows were read in. */
  const snapshot = async () => {
    const catalog = await getCatalog();
    return {
      pages: [...catalog.pages].sort(([a], [b]) => (a < b ? -1 : 1)),
      posts: catalog.posts,
      tags: Object.fromEntries(
        (["fa", "en"] as const).map((locale) => [
          locale,
          [...catalog.tags[locale]].sort(([a], [b]) => (a < b ? -1 : 1)),
        ]),
      ),
    };
  };

  test("the pages a change names are read again, and the catalog is what a whole load gives", async () => {
    const db = await getDb();
    const at = (name: string) => `/notes/catalog-change-${name}`;
    const named = (...names: string[]) =>
      names.flatMap((name) => [
        { locale: "en" as const, path: at(name) },
        { locale: "fa" as const, path: at(name) },
      ]);
    const post = (name: string, date: string, tags: string[]) =>
      (["en", "fa"] as const).map((locale) => ({ locale, path: at(name), title: name, date, tags, body: "…" }));
    try {
      await getCatalog();
      await db.insert(pages).values([...post("a", "2030-01-01", ["Alpha"]), ...post("b", "2001-01-01", ["Beta"])]);
      await db.insert(pages).values([...post("c", "2002-02-02", ["Beta"]), ...post("d", "2003-03-03", [])]);
      await announceChange(db, { topic: "content", detail: named("a", "b", "c", "d") });
      expect((await getCatalog()).posts.en[0]?.path).toBe(at("a"));
      expect((await findTag("fa", "beta"))?.posts.map((p) => p.path)).toEqual([at("c"), at("b")]);

      // One moved to another day and tag, one made a draft, one deleted, a new one.
      await db
        .update(pages)
        .set({ date: "1990-05-05", tags: ["Moved"] })
        .where(eq(pages.path, at("a")));
      await db
        .update(pages)
        .set({ draft: true })
        .where(eq(pages.path, at("b")));
      await db.delete(pages).where(eq(pages.path, at("c")));
      await db.insert(pages).values(post("e", "2032-01-01", ["Alpha"]));
      await announceChange(db, { topic: "content", detail: named("a", "b", "c", "e") });
      const patched = await snapshot();
      expect(patched.posts.en[0]?.path).toBe(at("e"));
      expect(patched.posts.en.at(-1)?.path).toBe(at("a"));
      const keys = patched.pages.map(([key]) => key);
      expect(keys).not.toContain(`en:${at("b")}`);
      expect(keys).not.toContain(`fa:${at("c")}`);
      expect(keys).toContain(`fa:${at("d")}`);
      expect(await findTag("en", "beta")).toBeUndefined();
      expect((await findTag("en", "moved"))?.posts.map((p) => p.path)).toEqual([at("a")]);
      await announceChange(db, { topic: "content", detail: null });
      expect(patched).toEqual(await snapshot());
    } finally {
      await db.delete(pages).where(like(pages.path, at("%")));
      await announceChange(db, { topic: "content", detail: null });
    }
  });
});

describe("rendered pages", () => {
  test("a post renders with its TOC, reading time and thumbnail size", async () => {
    const page = await getRenderedPage("fa", "/tuts/git-bisect");
    expect(page).toBeDefined();
    expect(page!.html).toContain('dir="ltr"');
    expect(page!.toc.length).toBeGreaterThan(2);
    expect(page!.toc.some((entry) => entry.children.length > 0)).toBe(true);
    expect(page!.readingMinutes).toBeGreaterThanOrEqual(1);
    expect(page!.thumbnailSize).toEqual({ width: 1200, height: 630 });
  });

  test("is rendered once, then served from memory until its content changes", async () => {
    const first = await getRenderedPage("en", "/about");
    expect(await getRenderedPage("en", "/about")).toBe(first);

    await updatePage("en", "/about", { body: "## Changed\n\nA new **about** text." });
    // Not told yet: still the cached rendering.
    expect((await getRenderedPage("en", "/about"))!.html).toBe(first!.html);

    await announceChange(await getDb(), { topic: "content", detail: [{ locale: "en", path: "/about" }] });
    const changed = await getRenderedPage("en", "/about");
    expect(changed!.html).toContain("<strong>about</strong>");
    expect(changed!.toc.map((entry) => entry.text)).toEqual(["Changed"]);
  });

  test("a page made a draft disappears from the catalog, the pages and the listings", async () => {
    expect(await getRenderedPage("en", "/books/golestan-saadi")).toBeDefined();
    await updatePage("en", "/books/golestan-saadi", { draft: true });
    await announceChange(await getDb(), {
      topic: "content",
      detail: [{ locale: "en", path: "/books/golestan-saadi" }],
    });
    expect(await getRenderedPage("en", "/books/golestan-saadi")).toBeUndefined();
    expect((await queryPosts({ locale: "en", category: "books" })).total).toBe(2);
    await updatePage("en", "/books/golestan-saadi", { draft: false });
    await announceChange(await getDb(), {
      topic: "content",
      detail: [{ locale: "en", path: "/books/golestan-saadi" }],
    });
    expect((await queryPosts({ locale: "en", category: "books" })).total).toBe(3);
  });
});

describe("search", () => {
  test("finds a post typed with Arabic letter forms and with Persian digits", async () => {
    const arabic = await searchContent("گلستان سعدي", "fa");
    expect(arabic[0]?.path).toBe("/books/golestan-saadi");
    const kaf = await searchContent("كتاب", "fa");
    expect(kaf.length).toBeGreaterThan(0);
    const digits = await searchContent("۲۰۰ commits", "en");
    expect(digits[0]?.path).toBe("/tuts/git-bisect");
  });

  test("searches one language, never drafts, and marks the match in the excerpt", async () => {
    const results = await searchContent("bisect", "en");
    expect(results[0]?.path).toBe("/tuts/git-bisect");
    expect(results[0]!.excerpt.some((part) => part.match && /bisect/i.test(part.text))).toBe(true);
    // Each language has its own index: an English-only title word finds nothing in Persian.
    expect((await searchContent("Hunting", "en"))[0]?.path).toBe("/tuts/git-bisect");
    expect(await searchContent("Hunting", "fa")).toEqual([]);
    expect((await searchContent("Ideas for Future Posts", "en")).map((r) => r.path)).not.toContain(
      "/notes/draft-ideas",
    );
  });

  test("the index follows content changes: new, changed and removed pages", async () => {
    const db = await getDb();
    await db.insert(pages).values({
      locale: "en",
      path: "/notes/zanzibar",
      title: "Spice Islands",
      description: "",
      date: "2026-01-01",
      category: "notes",
      body: "## Cloves\n\nThe xylophonist bought cardamom in Zanzibar.",
    });
    await announceChange(await getDb(), { topic: "content", detail: [{ locale: "en", path: "/notes/zanzibar" }] });
    await expect.poll(async () => (await searchContent("xylophonist", "en"))[0]?.path).toBe("/notes/zanzibar");
    const hit = (await searchContent("xylophonist", "en"))[0]!;
    expect(hit.section).toEqual({ heading: "Cloves", anchor: "cloves" });

    await updatePage("en", "/notes/zanzibar", { draft: true });
    await announceChange(await getDb(), { topic: "content", detail: [{ locale: "en", path: "/notes/zanzibar" }] });
    await expect.poll(async () => (await searchContent("xylophonist", "en")).length).toBe(0);
  });

  test("a change the rendering threads refuse as busy is not lost: the next search finds it", async () => {
    await searchContent("bisect", "en");
    const db = await getDb();
    await db.insert(pages).values({
      locale: "en",
      path: "/notes/busy-day",
      title: "Busy day",
      description: "",
      date: "2026-01-02",
      category: "notes",
      // Long enough to take its thread a while: the threads end while it renders.
      body: `The quokka waited for a free thread.\n\n${"A paragraph of *plain* writing with [a link](/x).\n\n".repeat(6000)}`,
    });
    const started = announceChange(db, { topic: "content", detail: [{ locale: "en", path: "/notes/busy-day" }] });
    // The threads end while the index renders the page, as when the server's threads are all taken too long.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stopRendering();
    await started;
    await expect
      .poll(async () => (await searchContent("quokka", "en"))[0]?.path, { timeout: 60_000 })
      .toBe("/notes/busy-day");
    // The index is built again from every page: the poll's minute, and the time to start.
  }, 90_000);
});

describe("views", () => {
  test("page numbers accept Persian digits and refuse anything else", () => {
    expect(parsePageNumber(null)).toBe(1);
    expect(parsePageNumber("2")).toBe(2);
    expect(parsePageNumber("۳")).toBe(3);
    expect(parsePageNumber("0")).toBeUndefined();
    expect(parsePageNumber("-1")).toBeUndefined();
    expect(parsePageNumber("two")).toBeUndefined();
  });

  test("pagination links keep the filter, use Persian digits in fa and omit page=1", () => {
    const view = paginationView("fa", "/logs", { category: "notes" }, 2, 3)!;
    expect(view.label).toBe("صفحهٔ ۲ از ۳");
    expect(view.previous).toBe("/logs?category=notes");
    expect(view.next).toBe("/logs?category=notes&page=3");
    expect(view.pages.map((p) => p.label)).toEqual(["۱", "۲", "۳"]);
    expect(view.pages.find((p) => p.current)?.url).toBe("/logs?category=notes&page=2");
    expect(paginationView("en", "/logs", {}, 1, 1)).toBeNull();
    expect(paginationView("en", "/books", {}, 1, 2)!.next).toBe("/en/books?page=2");
  });

  test("archive groups use the Jalali year in fa and dates show in the locale's calendar", async () => {
    const { items } = await queryPosts({ locale: "fa" });
    const groups = await groupByYear(items, "fa");
    expect(groups.map((g) => g.year)).toEqual(["۱۴۰۵", "۱۴۰۴", "۱۴۰۳"]);
    const first = groups[0]!.posts[0]!;
    expect(first.date).toEqual({ iso: "2026-11-02", label: "۱۱ آبان ۱۴۰۵" });
    expect(first.category).toEqual({ url: "/projects", label: "پروژه‌ها" });
    const en = await groupByYear((await queryPosts({ locale: "en" })).items, "en");
    expect(en[0]!.posts[0]!.date.label).toBe("November 2, 2026");
    expect(en[0]!.posts[0]!.url).toBe("/en/projects/building-daftar");
  });

  test("a listing past its last page is undefined", async () => {
    expect(await postListing("en", { path: "/logs", page: 2 })).toBeDefined();
    expect(await postListing("en", { path: "/logs", page: 3 })).toBeUndefined();
    // An empty category still has its first page.
    expect((await postListing("en", { path: "/x", category: "nothing", page: 1 }))?.groups).toEqual([]);
  });
});

describe("tags", () => {
  test("the tag index follows content changes: a new post's tag appears, a post made a draft takes it away", async () => {
    expect(await findTag("en", "kelp")).toBeUndefined();
    const db = await getDb();
    await db.insert(pages).values({
      locale: "en",
      path: "/notes/kelp-forests",
      title: "Kelp Forests",
      description: "",
      date: "2026-01-02",
      category: "notes",
      tags: ["Kelp", "TypeScript"],
      body: "Text.",
    });
    // Not told yet: the catalog still holds what it loaded.
    expect(await findTag("en", "kelp")).toBeUndefined();
    await announceChange(await getDb(), { topic: "content", detail: [{ locale: "en", path: "/notes/kelp-forests" }] });
    const kelp = await findTag("en", "KELP");
    expect(kelp).toMatchObject({ name: "Kelp", path: "/tags/Kelp" });
    expect(kelp!.posts.map((post) => post.path)).toEqual(["/notes/kelp-forests"]);
    expect((await queryPosts({ locale: "en", tag: "typescript" })).items.map((post) => post.path)).toEqual([
      "/projects/building-daftar",
      "/tuts/intl-persian-numbers",
      "/notes/kelp-forests",
      "/projects/jalali-cli",
    ]);
    expect((await localeTags("en")).map((tag) => tag.name)).toContain("Kelp");
    expect(await sitemapXml("https://daftar.example")).toContain("<loc>https://daftar.example/en/tags/Kelp</loc>");

    await updatePage("en", "/notes/kelp-forests", { draft: true });
    await announceChange(await getDb(), { topic: "content", detail: [{ locale: "en", path: "/notes/kelp-forests" }] });
    expect(await findTag("en", "Kelp")).toBeUndefined();
    expect((await queryPosts({ locale: "en", tag: "TypeScript" })).total).toBe(3);
    expect(await sitemapXml("https://daftar.example")).not.toContain("/en/tags/Kelp");
  });

  test("a change to one post drops the kept documents of tag pages, which list it", async () => {
    const key = "https://daftar.example/en/tags/Git";
    const body = { body: Buffer.from("<!DOCTYPE html>"), etag: '"x"' };
    const representations = { br: body, gzip: body, identity: body };
    putDocument(key, { status: 200, headers: [], representations }, documentGeneration());
    expect(getDocument(key)).toBeDefined();
    await announceChange(await getDb(), { topic: "content", detail: [{ locale: "en", path: "/tuts/git-bisect" }] });
    expect(getDocument(key)).toBeUndefined();
  });
});

describe("sitemap, robots and feeds", () => {
  test("the sitemap lists every public page in both languages with alternates, and no draft", async () => {
    const xml = (await sitemapXml("https://daftar.example"))!;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const catalog = await getCatalog();
    for (const page of catalog.pages.values()) {
      const url = `https://daftar.example${page.locale === "en" ? (page.path === "/" ? "/en" : `/en${page.path}`) : page.path}`;
      expect(locs).toContain(url);
    }
    expect(locs).toContain("https://daftar.example/logs");
    expect(xml).not.toContain("draft-ideas");
    const entry = /<url>\s*<loc>https:\/\/daftar\.example\/en\/tuts\/git-bisect<\/loc>[\s\S]*?<\/url>/.exec(xml)![0];
    expect(entry).toContain('hreflang="fa" href="https://daftar.example/tuts/git-bisect"');
    expect(entry).toContain('hreflang="en" href="https://daftar.example/en/tuts/git-bisect"');
    expect(entry).toContain('hreflang="x-default" href="https://daftar.example/tuts/git-bisect"');
    expect(entry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });

  test("a sitemap of more addresses than one file may hold is an index of files that list each address once", async () => {
    const origin = "https://daftar.example";
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const whole = (await sitemapXml(origin))!;
    expect(whole).toContain("<urlset");
    const all = locsOf(whole);
    expect(all.length).toBeGreaterThan(14);

    // Files of at most 7 addresses (the site makes files of 10,000; a smaller size is given to see the split).
    const index = (await sitemapXml(origin, undefined, 7))!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(index).not.toContain("<url>");
    const files = locsOf(index);
    expect(files).toEqual(
      Array.from({ length: Math.ceil(all.length / 7) }, (_, i) => `${origin}/sitemap.xml?part=${i + 1}`),
    );
    const listed: string[] = [];
    for (const [i] of files.entries()) {
      const part = (await sitemapXml(origin, i + 1, 7))!;
      expect(part).toContain("<urlset");
      const urls = [...part.matchAll(/<url>[\s\S]*?<\/url>/g)].map((m) => m[0]);
      expect(urls.length).toBeLessThanOrEqual(7);
      // Each entry keeps its alternates; listed are the entries' own addresses.
      listed.push(...urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)![1]!));
    }
    expect(listed.toSorted()).toEqual(all.toSorted());
    expect(new Set(listed).size).toBe(listed.length);
    // Past the last file, or any part of a sitemap that fits in one file: none.
    expect(await sitemapXml(origin, files.length + 1, 7)).toBeUndefined();
    expect(await sitemapXml(origin, 0, 7)).toBeUndefined();
    expect(await sitemapXml(origin, 1)).toBeUndefined();
  });

  test("robots.txt names the sitemap and keeps crawlers out of the dashboard and profiles", () => {
    const text = robotsTxt("https://daftar.example");
    expect(text).toContain("Sitemap: https://daftar.example/sitemap.xml");
    for (const path of ["/manage", "/profile", "/en/manage", "/fa/profile"])
      expect(text).toContain(`Disallow: ${path}\n`);
  });

  test("the Atom feed of each language lists its posts with absolute links", async () => {
    const fa = await atomFeed("https://daftar.example", "fa");
    expect(fa).toContain('xml:lang="fa"');
    expect(fa).toContain("<id>https://daftar.example/tuts/git-bisect</id>");
    expect(fa).not.toContain("draft-ideas");
    expect(fa).not.toMatch(/(src|href)="\/(?!\/)/);
    const en = await atomFeed("https://daftar.example", "en");
    expect(en).toContain('<link href="https://daftar.example/en/tuts/git-bisect"/>');
    expect((en.match(/<entry>/g) ?? []).length).toBe((await queryPosts({ locale: "en" })).total);
  });

  test("every feed is valid Atom whatever its pages hold: the schema, and an author for each entry", async () => {
    const db = await getDb();
    // Pages nobody gave an author, a description or text: a Persian title, and one holding only an image.
    const odd = [
      { path: "/notes/bi-nevisande", title: "یادداشتی بی‌نویسنده & «بی‌توضیح»", body: "متنی کوتاه." },
      { path: "/notes/only-a-picture", title: "Kelp <3", body: "![](/media/kelp.webp)" },
    ];
    for (const page of odd) {
      await db.insert(pages).values({
        locale: "fa",
        ...page,
        description: "",
        author: null,
        date: "2026-11-20",
        category: "notes",
      });
    }
    await announceChange(db, { topic: "content", detail: odd.map(({ path }) => ({ locale: "fa" as const, path })) });
    const { window } = new JSDOM();
    for (const locale of ["fa", "en"] as const) {
      const xml = await atomFeed("https://daftar.example", locale);
      expect(await atomSchemaErrors(xml), `${locale} feed against Atom's schema`).toEqual([]);
      // The validator does refuse: the same feed without its id is not Atom.
      expect(await atomSchemaErrors(xml.replace(/<id>[^<]*<\/id>/, ""))).not.toEqual([]);
      const doc = new window.DOMParser().parseFromString(xml, "application/xml");
      expect(doc.getElementsByTagName("parsererror"), `${locale} feed is well-formed XML`).toHaveLength(0);
      const feed = doc.documentElement;
      expect(feed.namespaceURI).toBe("http://www.w3.org/2005/Atom");
      const own = (parent: Element, name: string) => [...parent.children].filter((child) => child.localName === name);
      for (const name of ["id", "title", "updated"]) expect(own(feed, name), `feed ${name}`).toHaveLength(1);
      const feedAuthors = own(feed, "author");
      const entries = own(feed, "entry");
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const id = own(entry, "id")[0]?.textContent ?? "";
        expect(id, "entry id is an absolute address").toMatch(/^https:\/\//);
        for (const name of ["title", "updated"]) expect(own(entry, name), `${id} ${name}`).toHaveLength(1);
        // RFC 4287: a feed without an author of its own needs one on every entry; ours has both.
        expect(feedAuthors.length + own(entry, "author").length, `${id} author`).toBeGreaterThan(1);
        for (const author of own(entry, "author")) expect(own(author, "name")[0]?.textContent?.trim()).toBeTruthy();
        // An entry without content needs a summary; every entry here has its content.
        expect(own(entry, "content").length + own(entry, "summary").length, `${id} content`).toBeGreaterThan(0);
      }
      if (locale === "fa") {
        // Titles are Atom's "html" text: the markup they hold is what a reader shows.
        const shown = window.document.createElement("div");
        const titles = entries.map((entry) => {
          shown.innerHTML = own(entry, "title")[0]!.textContent ?? "";
          return shown.textContent;
        });
        expect(titles).toContain(odd[0]!.title);
        expect(titles).toContain(odd[1]!.title);
      }
    }
  });
});

describe("search over many pages", () => {
  test("the index built from more pages than it reads at a time holds every published page once, and no draft", async () => {
    const db = await getDb();
    const many = Array.from({ length: 450 }, (_, i) => ({
      locale: "en" as const,
      path: `/notes/many-${i}`,
      title: `Many ${i}`,
      date: "2026-01-01",
      draft: i % 10 === 3,
      body: `The word zyzzyvaplenty is on every one of these pages, and zyzzyva${i} on this one only.`,
    }));
    await db.insert(pages).values(many);
    try {
      await announceChange(db, { topic: "content", detail: null });
      const everyOne = async () => (await searchContent("zyzzyvaplenty", "en", 1000)).map((r) => r.path);
      await expect.poll(async () => (await everyOne()).length, { timeout: 60_000 }).toBe(405);
      const found = await everyOne();
      expect(new Set(found).size).toBe(found.length);
      expect(found.toSorted()).toEqual(
        many
          .filter((page) => !page.draft)
          .map((page) => page.path)
          .toSorted(),
      );
      expect((await searchContent("zyzzyva449", "en"))[0]?.path).toBe("/notes/many-449");
    } finally {
      await db.delete(pages).where(like(pages.path, "/notes/many-%"));
      await announceChange(db, { topic: "content", detail: null });
    }
  });
});
