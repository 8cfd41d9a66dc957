/**
 * Categories through the API: their names and item counts, the rules of adding, renaming, reordering and
 * removing (each refused with a message naming the problem, changing nothing), and public pages, the header
 * menu and the feed following every change at once, cached documents included.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { pages } from "~/db/schema";
import faEditor from "~/i18n/catalogs/fa/editor";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged, untilPublishingSettles } from "../helpers/db-fingerprint";
import { element, elements, textOf } from "../helpers/html";

const site = serveSeededApp();

interface Category {
  slug: string;
  name: { fa: string; en: string };
  items: { fa: number; en: number };
}

async function signedIn(userName: string, locale: "en" | "fa" = "en") {
  const client = new ApiClient(site.url, locale);
  await client.login(userName);
  return client;
}

async function categories(client: ApiClient): Promise<Category[]> {
  return (await client.get<{ categories: Category[] }>("/api/categories/all")).body.categories;
}

async function visit(path: string) {
  const response = await fetch(site.url + path);
  return { status: response.status, state: response.headers.get("x-document-cache"), html: await response.text() };
}

/** The category links of the header as a visitor's page has them (the phone drawer reads the same list). */
function menus(html: string) {
  return { header: elements(html, "li", { dataTestid: "nav-category" }).map(textOf) };
}

/**
 * Refused, with this status and message, and the database as it was (once what an earlier publish left to do in the
 * background, its pushes and its newsletter, is done: it would write between the fingerprints).
 */
async function refused(
  call: () => Promise<{ status: number; body: { message?: string; issues?: { path: string; message: string }[] } }>,
  status: number,
  message: string,
) {
  const db = await getDb();
  await untilPublishingSettles(db);
  const before = await databaseFingerprint(db);
  const answer = await call();
  expect(answer.status).toBe(status);
  expect(answer.body.message).toBe(message);
  await expectDatabaseUnchanged(db, before);
  return answer;
}

describe("listing", () => {
  test("the four categories in order, named in both languages, with their items per language (drafts too)", async () => {
    const list = await categories(await signedIn("moderator"));
    expect(list.map((c) => c.slug)).toEqual(["books", "notes", "projects", "tuts"]);
    expect(list[3]).toMatchObject({ slug: "tuts", name: { fa: "آموزش‌ها", en: "Tutorials" } });
    const db = await getDb();
    const notes = await db.select().from(pages).where(eq(pages.category, "notes")).all();
    expect(list[1]!.items.fa + list[1]!.items.en).toBe(notes.length);
    expect(notes.some((page) => page.draft)).toBe(true);
  });

  test("a member cannot read them", async () => {
    const member = await signedIn("member");
    expect((await member.get("/api/categories/all")).status).toBe(403);
  });
});

describe("adding", () => {
  test.each([
    [
      "capitals and spaces in words",
      "My Poems",
      "Use lower-case Latin letters and digits, with single dashes between words",
    ],
    ["a Persian slug", "شعر", "Use lower-case Latin letters and digits, with single dashes between words"],
    ["a double dash", "a--b", "Use lower-case Latin letters and digits, with single dashes between words"],
    ["an address of the site itself", "logs", "This address belongs to the site itself"],
    ["the dashboard's address", "manage", "This address belongs to the site itself"],
    ["an existing category", "books", "A category with this address exists."],
    ["the address of a post", "notes", "A category with this address exists."],
  ])("%s is refused on the slug field", async (_what, slug, message) => {
    const admin = await signedIn("admin");
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const answer = await admin.post("/api/categories/new", { slug, nameFa: "شعرها", nameEn: "Poems" });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body.issues?.find((issue) => issue.path === "slug")?.message).toBe(message);
    await expectDatabaseUnchanged(db, before);
  });

  test("a post's address cannot become a category", async () => {
    const admin = await signedIn("admin");
    const db = await getDb();
    await db
      .insert(pages)
      .values({ locale: "en", path: "/field-trip", title: "A field trip", date: "2026-01-01", body: "…" });
    await refused(
      () => admin.post("/api/categories/new", { slug: "field-trip", nameFa: "سفر", nameEn: "Trips" }),
      409,
      "A post already lives at this address.",
    );
  });

  test("a name another category has, in either language, is refused on that field", async () => {
    const admin = await signedIn("admin");
    const answer = await refused(
      () => admin.post("/api/categories/new", { slug: "poems", nameFa: "شعرها", nameEn: "books" }),
      409,
      "Another category already has this name.",
    );
    expect(answer.body.issues).toEqual([{ path: "nameEn", message: "Another category already has this name." }]);
  });

  test("a new category is at once in the menus of cached pages, with its own page, in both languages", async () => {
    const admin = await signedIn("admin");
    for (const path of ["/en/about", "/about"]) {
      await visit(path);
      expect((await visit(path)).state).toBe("hit");
    }
    expect((await visit("/en/poems")).status).toBe(404);
    // Persian digits and capitals in the slug are taken as what they mean.
    const added = await admin.post<{ category: Category }>("/api/categories/new", {
      slug: " Poems-۲۰۲۶ ",
      nameFa: "شعرها",
      nameEn: "Poems",
    });
    expect(added.status).toBe(201);
    expect(added.body.message).toBe("Category added");
    expect(added.body.category.slug).toBe("poems-2026");

    const english = await visit("/en/about");
    expect(english.state).not.toBe("hit");
    expect(menus(english.html).header.at(-1)).toBe("Poems");
    expect(menus((await visit("/about")).html).header.at(-1)).toBe("شعرها");
    const page = await visit("/en/poems-2026");
    expect(page.status).toBe(200);
    expect(textOf(element(page.html, "h1"))).toBe("Poems");
    expect((await visit("/poems-2026")).status).toBe(200);
    expect((await categories(admin)).at(-1)).toMatchObject({ slug: "poems-2026", items: { fa: 0, en: 0 } });
  });
});

describe("renaming", () => {
  test("new names show at once wherever the category is named; the address stays", async () => {
    const admin = await signedIn("admin");
    await visit("/en/notes/learning-slowly");
    const renamed = await admin.put("/api/categories/update", { slug: "notes", nameFa: "دفترچه", nameEn: "Jottings" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe("Category renamed");
    const post = await visit("/en/notes/learning-slowly");
    expect(menus(post.html).header).toContain("Jottings");
    expect(menus(post.html).header).not.toContain("Notes");
    const listing = await visit("/en/notes");
    expect(textOf(element(listing.html, "h1"))).toBe("Jottings");
    expect(menus((await visit("/notes")).html).header).toContain("دفترچه");
    const feed = await (await fetch(`${site.url}/en/feed.xml`)).text();
    expect(feed).toContain('label="Jottings"');
  });

  test("a category that does not exist is not found", async () => {
    const admin = await signedIn("admin");
    await refused(
      () => admin.put("/api/categories/update", { slug: "nothing-here", nameFa: "هیچ", nameEn: "Nothing" }),
      404,
      "Category not found",
    );
  });
});

describe("reordering", () => {
  test("the menus follow the new order at once", async () => {
    const admin = await signedIn("admin");
    const slugs = (await categories(admin)).map((c) => c.slug);
    const reversed = [...slugs].reverse();
    const answer = await admin.put("/api/categories/order", { slugs: reversed });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Order saved");
    expect((await categories(admin)).map((c) => c.slug)).toEqual(reversed);
    const names = (await categories(admin)).map((c) => c.name.en);
    expect(menus((await visit("/en/about")).html).header).toEqual(names);
  });

  test("an order read before a category was added or removed is refused", async () => {
    const admin = await signedIn("admin");
    const slugs = (await categories(admin)).map((c) => c.slug);
    for (const stale of [slugs.slice(1), [...slugs, "ghost"], [...slugs.slice(1), slugs[1]!]]) {
      await refused(
        () => admin.put("/api/categories/order", { slugs: stale }),
        409,
        "The categories changed meanwhile. Reload the page and try again.",
      );
    }
  });
});

describe("removing", () => {
  test("refused while any item uses it, with how many; the category stays everywhere", async () => {
    const admin = await signedIn("admin");
    const books = (await categories(admin)).find((c) => c.slug === "books")!;
    const count = books.items.fa + books.items.en;
    await refused(
      () => admin.post("/api/categories/remove", { slug: "books" }),
      409,
      `This category still has ${count} items. Move them to another category before removing it.`,
    );
    const persian = await signedIn("admin", "fa");
    const answer = await persian.post("/api/categories/remove", { slug: "books" });
    expect(answer.body.message).toContain("۶");
    expect((await visit("/en/books")).status).toBe(200);
  });

  test("a draft in it counts too", async () => {
    const admin = await signedIn("admin");
    const db = await getDb();
    await db.insert(pages).values({
      locale: "fa",
      path: "/poems-2026/draft",
      title: "پیش‌نویس",
      category: "poems-2026",
      draft: true,
      body: "…",
    });
    await refused(
      () => admin.post("/api/categories/remove", { slug: "poems-2026" }),
      409,
      "This category still has 1 items. Move them to another category before removing it.",
    );
    await db.delete(pages).where(and(eq(pages.locale, "fa"), eq(pages.path, "/poems-2026/draft")));
  });

  test("an empty one goes from the menus and its page at once", async () => {
    const admin = await signedIn("admin");
    await visit("/en/poems-2026");
    expect((await visit("/en/poems-2026")).state).toBe("hit");
    const answer = await admin.post("/api/categories/remove", { slug: "poems-2026" });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Category removed");
    expect((await visit("/en/poems-2026")).status).toBe(404);
    expect(menus((await visit("/en/about")).html).header).not.toContain("Poems");
    expect((await categories(admin)).map((c) => c.slug)).not.toContain("poems-2026");
  });
});

describe("who may change them", () => {
  test("changes need settings.edit: a moderator and an editor are refused, the history names who changed them", async () => {
    for (const userName of ["moderator", "editor"]) {
      const client = await signedIn(userName);
      await refused(
        () => client.post("/api/categories/new", { slug: "essays", nameFa: "جستارها", nameEn: "Essays" }),
        403,
        "Forbidden: You do not have permission to change settings.",
      );
    }
    const admin = await signedIn("admin");
    const history = await admin.get<{ entries: { author: string; changes: { field: string }[] }[] }>(
      "/api/settings/history",
    );
    expect(history.body.entries[0]).toMatchObject({ author: "Ava Admin", changes: [{ field: "categories" }] });
  });
});

// Last: publishing leaves background work (the repository's public history) that would show in the fingerprints
// the tests above take around a refused change.
describe("holding posts", () => {
  const post = (category: string, path = "/journal/first-light") => ({
    action: "save",
    locale: "en",
    path,
    frontMatter: {
      title: "First light",
      description: "The first post of a new category.",
      date: "2026-11-24",
      category,
      tags: [],
      toc: false,
      comments: false,
      draft: false,
      intro: false,
    },
    markdown: "The lamp-lighter's first evening.",
    baseHash: null,
  });

  test("a category added in the dashboard holds a post: saved, published, on its page and in the feed", async () => {
    const admin = await signedIn("admin");
    const added = await admin.post("/api/categories/new", { slug: "journal", nameFa: "روزنوشت", nameEn: "Journal" });
    expect(added.status).toBe(201);
    const saved = await admin.post("/api/builds/commit", post("journal"));
    expect(saved.status).toBe(201);
    const open = (await admin.get<{ builds: { id: number; status: string }[] }>("/api/builds/all")).body.builds.find(
      (build) => build.status === "open",
    )!;
    expect((await admin.post("/api/builds/run", { buildId: open.id })).status).toBe(200);
    expect((await visit("/en/journal/first-light")).status).toBe(200);
    expect((await visit("/en/journal")).html).toContain("First light");
    expect((await visit("/en/feed.xml")).html).toContain('term="journal"');
    expect((await categories(admin)).find((category) => category.slug === "journal")?.items.en).toBe(1);
  }, 120_000);

  test("a post in a category the site does not have is refused on that field, in the writer's language", async () => {
    const admin = await signedIn("admin", "fa");
    const answer = await refused(
      () => admin.post("/api/builds/commit", post("nowhere", "/notes/lost")),
      400,
      faEditor["error.frontMatter"],
    );
    expect(answer.body.issues).toEqual([{ path: "frontMatter.category", message: faEditor["error.category"] }]);
  });
});
