/**
 * The settings through the API and the pages: validation in both languages (nothing changes on a refusal), a
 * save applied at once to cached public pages (title template, header, footer, feed, colour), the change
 * history, saves from an older reading merged or refused field by field, the comment rules they set, and a
 * configuration stored by an older version read without breaking the site.
 */
import { eq } from "drizzle-orm";
import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { beforeAll, describe, expect, test } from "vitest";
import { announceChange } from "~/cluster/change-feed.server";
import { commentEventTemplate } from "~/keys/comment-event";
import { getDb } from "~/db/client.server";
import { settings, settingsHistory } from "~/db/schema";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { element, elements, textOf } from "../helpers/html";
import { within } from "../helpers/within";

const site = serveSeededApp();

interface SettingsAnswer {
  version: number;
  settings: Record<string, unknown>;
  changed?: string[];
}

let admin: ApiClient;
beforeAll(async () => {
  admin = new ApiClient(site.url);
  await admin.login("admin");
});

async function current(client = admin) {
  return (await client.get<SettingsAnswer>("/api/settings")).body;
}

/** A public page as an anonymous visitor gets it: its state in the document cache and its HTML. */
async function visit(path: string) {
  const response = await fetch(site.url + path);
  return { state: response.headers.get("x-document-cache"), html: await response.text() };
}

describe("reading", () => {
  test("every field and the version, for anyone with dashboard.read", async () => {
    const answer = await admin.get<SettingsAnswer>("/api/settings");
    expect(answer.status).toBe(200);
    expect(answer.body.settings).toMatchObject({
      siteNameEn: "Daftar",
      siteNameFa: "دفتر",
      themePrimary: "zinc",
      commentsAllowAnonymous: true,
      commentsAllowLinks: true,
      commentsMaxLinks: 2,
      commentsModerationWords: [],
      visitLogEnabled: true,
      visitLogRetentionDays: 90,
      visitLogRespectDoNotTrack: true,
      visitLogKeepFullAddresses: false,
    });
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    expect((await moderator.get("/api/settings")).status).toBe(200);
  });
});

describe("validation", () => {
  test.each([
    ["an empty site name", { siteNameEn: "   " }, "siteNameEn", "Required", "این فیلد لازم است"],
    ["a title too long", { titleFa: "ت".repeat(101) }, "titleFa", "Must be at most 100 characters", null],
    ["an unknown colour", { themePrimary: "chartreuse" }, "themePrimary", "Choose one of the colours", null],
    ["too many links", { commentsMaxLinks: 21 }, "commentsMaxLinks", "Must be a whole number from 0 to 20", null],
    ["a fraction of a day", { visitLogRetentionDays: 1.5 }, "visitLogRetentionDays", null, null],
    ["no days", { visitLogRetentionDays: 0 }, "visitLogRetentionDays", null, null],
    ["a switch as text", { visitLogEnabled: "yes" }, "visitLogEnabled", "Invalid input", null],
    ["words as one string", { commentsModerationWords: "spam" }, "commentsModerationWords", "Invalid input", null],
  ])("%s is refused with a message on its field, and nothing changes", async (_what, fields, field, en, fa) => {
    const { version } = await current();
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const answer = await admin.put("/api/settings", { version, ...fields });
    expect(answer.status).toBe(400);
    const issue = answer.body.issues?.find((i) => i.path === field);
    expect(issue).toBeDefined();
    if (en) expect(issue!.message).toBe(en);
    if (field === "visitLogRetentionDays") expect(issue!.message).toBe("Must be a whole number of days from 1 to 3650");
    if (fa) {
      const persian = new ApiClient(site.url, "fa");
      for (const [k, v] of admin.cookies) persian.cookies.set(k, v);
      const answerFa = await persian.put("/api/settings", { version, ...fields });
      expect(answerFa.body.issues?.find((i) => i.path === field)?.message).toBe(fa);
    }
    await expectDatabaseUnchanged(db, before);
  });

  test("a save without the version it is based on names the missing field", async () => {
    const answer = await admin.put("/api/settings", { siteNameEn: "No version" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Missing required fields: version");
  });

  test("saving needs settings.edit: a moderator can read but not save", async () => {
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    const { version } = await current();
    const answer = await moderator.put("/api/settings", { version, siteNameEn: "Taken over" });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe("Forbidden: You do not have permission to change settings.");
    expect((await current()).settings.siteNameEn).toBe("Daftar");
  });
});

describe("a save applies at once, everywhere", () => {
  test("names, description, footer and colour reach cached public pages, the title template and the feed", async () => {
    // The pages are in the document cache before the save.
    for (const path of ["/en", "/en/about", "/"]) {
      await visit(path);
      expect((await visit(path)).state).toBe("hit");
    }
    const { version } = await current();
    const saved = await admin.put<SettingsAnswer>("/api/settings", {
      version,
      siteNameEn: "Field Notes",
      siteNameFa: "یادداشت‌های میدانی",
      titleEn: "Notes from the field",
      descriptionEn: "Written outdoors",
      footerEn: "Made in the open air.",
      footerFa: "ساخته‌شده در هوای آزاد.",
      themePrimary: "teal",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Settings saved");
    expect(saved.body.version).toBe(version + 1);
    expect(saved.body.changed?.sort()).toEqual(
      ["descriptionEn", "footerEn", "footerFa", "siteNameEn", "siteNameFa", "themePrimary", "titleEn"].sort(),
    );

    const home = await visit("/en");
    expect(home.state).not.toBe("hit");
    expect(textOf(element(home.html, "title"))).toBe("Field Notes • Written outdoors");
    expect(textOf(element(home.html, "h1"))).toBe("Notes from the field");
    expect(textOf(element(home.html, "p", { dataTestid: "footer-text" }))).toBe("Made in the open air.");
    expect(home.html).toMatch(/<html[^>]*data-theme="teal"/);
    const about = await visit("/en/about");
    expect(textOf(element(about.html, "title"))).toMatch(/ \| Field Notes • Written outdoors$/);
    const persian = await visit("/");
    expect(textOf(element(persian.html, "p", { dataTestid: "footer-text" }))).toBe("ساخته‌شده در هوای آزاد.");
    expect(persian.html).toContain("یادداشت‌های میدانی");
    const feed = await (await fetch(`${site.url}/en/feed.xml`)).text();
    expect(feed).toContain("Field Notes");
  });

  test("the change history records who changed which fields, newest first", async () => {
    const history = await admin.get<{
      entries: { source: string; author: string; changes: { field: string; before: unknown; after: unknown }[] }[];
      total: number;
    }>("/api/settings/history");
    expect(history.status).toBe(200);
    const [latest] = history.body.entries;
    expect(latest).toMatchObject({ source: "user", author: "Ava Admin" });
    expect(latest!.changes).toContainEqual({ field: "siteNameEn", before: "Daftar", after: "Field Notes" });
    expect(latest!.changes).toContainEqual({ field: "themePrimary", before: "zinc", after: "teal" });
  });

  test("names that look like markup or entities reach the feed as written", async () => {
    const { version } = await current();
    const name = "Tom &amp; Jerry <3";
    expect((await admin.put("/api/settings", { version, siteNameEn: name })).status).toBe(200);
    const feed = await (await fetch(`${site.url}/en/feed.xml`)).text();
    const title = /<title>([^<]*)<\/title>/.exec(feed)![1]!;
    const decoded = title.replace(/&(#\d+|lt|gt|amp|quot);/g, (_whole, entity: string) =>
      entity.startsWith("#")
        ? String.fromCharCode(Number(entity.slice(1)))
        : { lt: "<", gt: ">", amp: "&", quot: '"' }[entity]!,
    );
    expect(decoded).toBe(`${name}: posts`);
    const home = await visit("/en");
    expect(textOf(element(home.html, "title"))).toBe(`${name} • Written outdoors`);
    const again = await current();
    expect((await admin.put("/api/settings", { version: again.version, siteNameEn: "Field Notes" })).status).toBe(200);
  });

  test("a save that changes nothing writes nothing", async () => {
    const { version, settings: values } = await current();
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const answer = await admin.put<SettingsAnswer>("/api/settings", { version, siteNameEn: values.siteNameEn });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("Nothing to save: the settings are as they were.");
    expect(answer.body.version).toBe(version);
    await expectDatabaseUnchanged(db, before);
  });
});

describe("two people saving at once", () => {
  test("saves from the same reading that change different fields both apply", async () => {
    const { version } = await current();
    const [a, b] = await Promise.all([
      admin.put("/api/settings", { version, descriptionFa: "نوشته در بیرون" }),
      admin.put("/api/settings", { version, commentsMaxLinks: 4 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await current();
    expect(after.settings.descriptionFa).toBe("نوشته در بیرون");
    expect(after.settings.commentsMaxLinks).toBe(4);
    expect(after.version).toBe(version + 2);
  });

  test("a field someone else changed since the reading is refused, named, and kept as they saved it", async () => {
    const { version } = await current();
    expect((await admin.put("/api/settings", { version, footerEn: "First writer" })).status).toBe(200);
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const late = await admin.put("/api/settings", { version, footerEn: "Second writer", titleFa: "عنوان دوم" });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Someone else saved some of these settings/);
    expect(late.body.issues).toEqual([
      { path: "footerEn", message: "Someone else changed this since you opened the page." },
    ]);
    // Nothing of the refused save was applied, not even its other field.
    await expectDatabaseUnchanged(db, before);
    expect((await current()).settings.footerEn).toBe("First writer");
    // Told, the second writer saves again on the current version: their value replaces the first.
    const again = await admin.put("/api/settings", { version: (await current()).version, footerEn: "Second writer" });
    expect(again.status).toBe(200);
    expect((await current()).settings.footerEn).toBe("Second writer");
  });

  test("a version the site never had is refused", async () => {
    const { version } = await current();
    const answer = await admin.put("/api/settings", { version: version + 5, footerEn: "From the future" });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/^The settings changed in a way this page cannot merge/);
  });

  test("twenty concurrent saves of different values of one field: each applies or is refused, none is lost", async () => {
    const { version } = await current();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => admin.put("/api/settings", { version, footerFa: `پانوشت ${i}` })),
    );
    const statuses = answers.map((a) => a.status).sort();
    // The first to commit wins; every other one read the same version and is told so.
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect((await current()).settings.footerFa).toBe(`پانوشت ${winner}`);
    const db = await getDb();
    const rows = await db.select().from(settingsHistory).all();
    // One history entry per version: the versions have no gaps and no repeats.
    expect(new Set(rows.map((r) => r.version)).size).toBe(rows.length);
    expect(Math.max(...rows.map((r) => r.version))).toBe((await current()).version);
  });
});

describe("comment rules", () => {
  const post = "/en/notes/learning-slowly";
  async function comment(body: string) {
    const event = finalizeEvent(commentEventTemplate(site.url + post, body), generateSecretKey());
    return new ApiClient(site.url).post<{ comment: { status: string } }>("/api/comments/new", {
      routePath: post,
      commentBody: body,
      event,
    });
  }
  async function signedInComment(body: string) {
    const editor = new ApiClient(site.url);
    await editor.login("editor");
    return editor.post<{ comment: { status: string } }>("/api/comments/new", { routePath: post, commentBody: body });
  }

  test("without links allowed, a comment with a web address is refused with a message on its text", async () => {
    const { version } = await current();
    expect((await admin.put("/api/settings", { version, commentsAllowLinks: false })).status).toBe(200);
    const refused = await signedInComment("Look at https://example.com for more");
    expect(refused.status).toBe(400);
    expect(refused.body.issues).toEqual([
      {
        path: "commentBody",
        message: "Links are not allowed in comments on this site. Remove the web addresses and send it again.",
      },
    ]);
    expect((await signedInComment("No address in this one at all")).status).toBe(201);
    // A moderator's link is not refused.
    const moderator = new ApiClient(site.url);
    await moderator.login("moderator");
    expect(
      (await moderator.post("/api/comments/new", { routePath: post, commentBody: "Source: https://example.com" }))
        .status,
    ).toBe(201);
  });

  test("the links allowed before moderation, and anonymous comments, follow their settings", async () => {
    let { version } = await current();
    expect((await admin.put("/api/settings", { version, commentsAllowLinks: true })).status).toBe(200);
    // The editor's earlier comments are approved: from now on theirs appear at once, unless a rule holds them.
    const queue = await admin.get<{ rows: { id: number }[] }>("/api/comments/all?status=pending");
    const ids = queue.body.rows.map((row) => row.id);
    expect((await admin.post("/api/comments/moderate", { ids, newStatus: "approved" })).status).toBe(200);
    expect((await signedInComment("One link: https://example.org/a")).body.comment.status).toBe("approved");
    ({ version } = await current());
    expect((await admin.put("/api/settings", { version, commentsMaxLinks: 0 })).status).toBe(200);
    expect((await signedInComment("One link: https://example.org/b")).body.comment.status).toBe("pending");
    expect((await signedInComment("No link at all, approved")).body.comment.status).toBe("approved");

    expect((await comment("An anonymous visitor writes here")).status).toBe(201);
    ({ version } = await current());
    expect((await admin.put("/api/settings", { version, commentsAllowAnonymous: false })).status).toBe(200);
    expect((await comment("Anonymous again, now closed")).status).toBe(401);
  });
});

describe("a configuration stored by an older version", () => {
  test("bare category slugs and missing sections are read with their defaults; the site keeps working", async () => {
    const db = await getDb();
    const row = await db.select().from(settings).where(eq(settings.key, "app")).get();
    const old = {
      installed: true,
      siteName: { fa: "دفتر قدیمی", en: "Old Notebook" },
      title: { fa: "دفتر", en: "Daftar" },
      description: { fa: "توضیح", en: "A description" },
      footer: { fa: "پانوشت", en: "A footer" },
      categories: ["books", "notes", "projects", "tuts", "poems"],
      theme: { primary: "zinc" },
      comments: { allowAnonymous: true, moderationWords: ["spam"] },
    };
    await db.update(settings).set({ value: old }).where(eq(settings.key, "app"));
    // Written as another instance would: the site follows the announcement within a second.
    await announceChange(db, { topic: "settings", detail: null });
    try {
      const home = await within(3000, async () => {
        const page = await visit("/en");
        return textOf(element(page.html, "title")) === "Old Notebook • A description" ? page : undefined;
      });
      // The four defaults keep their names; a slug the catalogs never named is its own name until renamed.
      const menu = elements(home.html, "a").map(textOf);
      expect(menu).toEqual(expect.arrayContaining(["Books", "Notes", "Projects", "Tutorials", "poems"]));
      const read = await current();
      expect(read.settings).toMatchObject({
        commentsModerationWords: ["spam"],
        commentsAllowLinks: true,
        commentsMaxLinks: 2,
        visitLogRetentionDays: 90,
      });
      // The next save writes the current shape.
      expect((await admin.put("/api/settings", { version: read.version, titleEn: "Renewed" })).status).toBe(200);
      const stored = (await db.select().from(settings).where(eq(settings.key, "app")).get())!.value as {
        categories: unknown[];
        visitLog: unknown;
      };
      expect(stored.categories[4]).toEqual({ slug: "poems", name: { fa: "poems", en: "poems" } });
      expect(stored.visitLog).toEqual({
        enabled: true,
        retentionDays: 90,
        respectDoNotTrack: true,
        keepFullAddresses: false,
      });
    } finally {
      await db.update(settings).set({ value: row!.value }).where(eq(settings.key, "app"));
      await announceChange(db, { topic: "settings", detail: null });
    }
  });
});
