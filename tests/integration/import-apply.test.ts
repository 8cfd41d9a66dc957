/**
 * Moving a site in: an export planned and applied to a real database as one build of the site, with its pages
 * written as the editor writes them, its categories flattened, its comments in their threads and states, its
 * images re-encoded from the uploads folder; a second import changes nothing; a failure midway leaves nothing;
 * one import at a time; and the build publishes as one git commit.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { commits, comments, importedItems } from "~/db/schema";
import { applyImport, rewriteImageAddresses, type ImportReport } from "~/import/apply.server";
import { mediaFolder, uploadPathOf, type MediaSource } from "~/import/media-source.server";
import type { ExportedComment, ExportedItem, ExportedSite } from "~/import/model";
import { planImport } from "~/import/plan.server";
import { redirectsOf } from "~/import/redirects.server";
import { readAppConfigState } from "~/settings/app-config.server";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { git } from "../helpers/git";
import { jpegWithGps, picture } from "../helpers/images";
import { seedDatabaseAt } from "../helpers/seed";

const ZWNJ = "\u200C";
let server: TestServer;
let uploads: string;
let adminId: number;

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  const db = await getDb();
  adminId = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.userName, "admin") }))!.id;
  // The old site's uploads, as WordPress keeps them; a secret beside them, and a link pointing at it.
  const root = path.join(process.env.TMPDIR!, "old-site");
  uploads = path.join(root, "uploads");
  mkdirSync(path.join(uploads, "2019/05"), { recursive: true });
  writeFileSync(path.join(uploads, "2019/05/cover.jpg"), await jpegWithGps(800, 600));
  writeFileSync(path.join(uploads, "2019/05/کتاب.png"), await picture(640, 480, "png"));
  writeFileSync(path.join(uploads, "2019/05/notes.txt"), "not a picture");
  writeFileSync(path.join(root, "secret.jpg"), await picture(20, 20));
  symlinkSync(path.join(root, "secret.jpg"), path.join(uploads, "2019/05/link.jpg"));
}, 180_000);
afterAll(async () => {
  await server?.close();
});

function comment(
  key: string,
  status: ExportedComment["status"],
  parentKey: string | null,
  body: string,
): ExportedComment {
  return {
    key,
    parentKey,
    authorName: `نویسندهٔ ${key}`,
    authorEmail: null,
    authorUrl: null,
    date: "2019-05-13T10:00:00+04:30",
    body,
    status,
  };
}

function item(fields: Partial<ExportedItem> & Pick<ExportedItem, "key" | "title" | "slug">): ExportedItem {
  return {
    kind: "post",
    status: "published",
    statusNote: null,
    publishedAt: "2019-05-12T23:30:00+04:30",
    updatedAt: "2019-05-14T09:00:00+04:30",
    excerpt: "",
    authorKey: "user:admin",
    categoryKeys: [],
    tagKeys: [],
    sticky: false,
    featuredImage: null,
    markdown: "متن.\n",
    images: [],
    locale: "fa",
    localeFrom: "export",
    translationGroup: null,
    oldAddresses: [],
    commentsOpen: true,
    comments: [],
    ...fields,
  };
}

const BASE = "https://old.example.com";

/** A WordPress site as the reader gives it: Persian and English, nested categories, threads in every state. */
function exportedSite(baseUrl = BASE): ExportedSite {
  return {
    source: "wordpress",
    title: "وبلاگ قدیمی",
    baseUrl,
    authors: [
      { key: "user:admin", login: "admin", email: null, displayName: "Old Admin" },
      { key: "user:sara", login: "sara", email: "sara@old.example.com", displayName: "سارا" },
    ],
    categories: [
      {
        key: "term:1",
        slug: "کتاب",
        name: `کتاب${ZWNJ}ها`,
        parentKey: null,
        description: "",
        locale: "fa",
        translationKey: "term:2",
      },
      {
        key: "term:2",
        slug: "books",
        name: "Books",
        parentKey: null,
        description: "",
        locale: "en",
        translationKey: "term:1",
      },
      {
        key: "term:3",
        slug: "رمان",
        name: "رمان",
        parentKey: "term:1",
        description: "",
        locale: "fa",
        translationKey: null,
      },
    ],
    tags: [
      { key: "term:10", slug: "نرم-افزار", name: `نرم${ZWNJ}افزار` },
      { key: "term:11", slug: "react", name: "React" },
    ],
    items: [
      item({
        key: "post:12",
        title: "سلام دنیا",
        slug: "سلام-دنیا",
        excerpt: `نخستین نوشته${ZWNJ}ها`,
        categoryKeys: ["term:3"],
        tagKeys: ["term:10", "term:11"],
        featuredImage: "/wp-content/uploads/2019/05/cover.jpg",
        markdown: `سلام! این نخستین نوشته است.\n\n![جلد کتاب](${baseUrl}/wp-content/uploads/2019/05/%DA%A9%D8%AA%D8%A7%D8%A8.png)\n\n![گم](${baseUrl}/wp-content/uploads/2019/05/missing.jpg)\n`,
        images: [
          `${baseUrl}/wp-content/uploads/2019/05/%DA%A9%D8%AA%D8%A7%D8%A8.png`,
          `${baseUrl}/wp-content/uploads/2019/05/missing.jpg`,
        ],
        translationGroup: "g1",
        oldAddresses: ["/?p=12", "/2019/05/سلام-دنیا/"],
        comments: [
          comment("comment:1", "approved", null, "عالی بود."),
          comment("comment:2", "approved", "comment:1", "موافقم."),
          comment("comment:3", "approved", "comment:2", "من هم."),
          comment("comment:4", "pending", null, "در انتظار."),
          comment("comment:5", "spam", null, "buy now"),
          comment("comment:6", "trash", null, "پاک‌شده"),
        ],
      }),
      item({
        key: "post:13",
        title: "Hello world",
        slug: "hello-world",
        locale: "en",
        categoryKeys: ["term:2"],
        authorKey: "user:sara",
        markdown: "Hello.\n",
        translationGroup: "g1",
        oldAddresses: ["/en/hello-world/"],
      }),
      item({
        key: "post:14",
        title: "پیش‌نویس",
        slug: "",
        status: "draft",
        statusNote: "private",
        publishedAt: null,
        markdown: "هنوز تمام نشده.\n",
        featuredImage: "/wp-content/uploads/2019/05/link.jpg",
      }),
      item({ key: "page:2", kind: "page", title: "درباره", slug: "about", markdown: "دربارهٔ ما.\n" }),
    ],
    addresses: [
      { path: "/category/کتاب/", target: { kind: "category", key: "term:1" } },
      { path: "/tag/react/", target: { kind: "tag", key: "term:11" } },
      { path: "/feed/", target: { kind: "feed", locale: null } },
      { path: "/author/admin/", target: { kind: "author", key: "user:admin" } },
    ],
    warnings: [],
  };
}

const files = (db: Awaited<ReturnType<typeof getDb>>, buildId: number) =>
  db.select().from(commits).where(eq(commits.buildId, buildId)).orderBy(commits.path).all();

describe("the uploads folder", () => {
  test("an image's address is read as a path inside the uploads; paths that climb out are refused", async () => {
    expect(uploadPathOf(`${BASE}/wp-content/uploads/2019/05/a.jpg`, BASE)).toBe("2019/05/a.jpg");
    expect(uploadPathOf("/content/images/2020/01/%D8%A8.jpg", null)).toBe("2020/01/ب.jpg");
    expect(uploadPathOf("https://cdn.other.example/x.jpg", BASE)).toBeNull();
    const folder = mediaFolder(uploads);
    expect(await folder.read("2019/05/cover.jpg")).toMatchObject({ ok: true, name: "cover.jpg" });
    for (const climbing of ["../secret.jpg", "2019/../../secret.jpg", "/etc/passwd", "2019\\..\\..\\secret.jpg"]) {
      expect(await folder.read(climbing)).toEqual({ ok: false, reason: "refused" });
    }
    // A link inside the folder that leads out of it.
    expect(await folder.read("2019/05/link.jpg")).toEqual({ ok: false, reason: "refused" });
    expect(await folder.read("2019/05/nothing.jpg")).toEqual({ ok: false, reason: "missing" });
  });

  test("an address is replaced where it stands whole, never inside a longer one", () => {
    const urls = new Map([["https://a.example/x.jpg", "/media/k-x.jpg"]]);
    const text = '![a](https://a.example/x.jpg) ![b](https://a.example/x.jpg.webp) <img src="https://a.example/x.jpg">';
    expect(rewriteImageAddresses(text, urls, ["https://a.example/x.jpg"])).toBe(
      '![a](/media/k-x.jpg) ![b](https://a.example/x.jpg.webp) <img src="/media/k-x.jpg">',
    );
  });
});

describe("the plan", () => {
  test("addresses, flattened categories, authors, counts and problems, read-only", async () => {
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const plan = await planImport(db, exportedSite(), { locales: {} });
    await expectDatabaseUnchanged(db, before);
    const byKey = new Map(plan.items.map((i) => [i.key, i]));
    expect(byKey.get("post:12")).toMatchObject({
      path: "/رمان/سلام-دنیا",
      routePath: "/رمان/سلام-دنیا",
      category: "رمان",
      locale: "fa",
      date: "2019-05-12",
      author: { name: "Ava Admin", memberId: adminId },
      tags: [`نرم${ZWNJ}افزار`, "React"],
      comments: 6,
    });
    // The site's "books" is the same category (its names match): the English post goes there.
    expect(byKey.get("post:13")).toMatchObject({
      path: "/books/hello-world",
      routePath: "/en/books/hello-world",
      author: { name: "سارا", memberId: null },
    });
    // No slug: made from the title (ZWNJ becomes "-"); said.
    expect(byKey.get("post:14")).toMatchObject({ path: "/پیش-نویس", state: "draft", date: "2019-05-14" });
    expect(byKey.get("post:14")!.problems.map((p) => p.message)).toContain("import.plan.noSlug");
    // The site has a page at /about: a suffix, said.
    expect(byKey.get("page:2")).toMatchObject({ path: "/about-2", category: null, date: "2019-05-12" });
    expect(byKey.get("page:2")!.problems).toContainEqual({
      key: "page:2",
      message: "import.plan.renamed",
      values: { from: "/about", to: "/about-2" },
    });
    expect(byKey.get("post:12")!.problems).toContainEqual({
      key: "post:12",
      message: "import.plan.deepReplies",
      values: { count: 1 },
    });
    expect(plan.categories).toEqual([
      { keys: ["term:1", "term:2"], slug: "books", name: { fa: `کتاب${ZWNJ}ها`, en: "Books" }, state: "site" },
      {
        keys: ["term:3"],
        slug: "رمان",
        name: { fa: `کتاب${ZWNJ}ها — رمان`, en: `کتاب${ZWNJ}ها — رمان` },
        state: "new",
      },
    ]);
    expect(plan.counts).toMatchObject({
      items: 4,
      posts: 3,
      pages: 1,
      drafts: 1,
      comments: { approved: 3, pending: 1, spam: 1, trash: 1 },
      images: 4,
      existing: 0,
    });
    // The preview may put an item in the other language.
    const changed = await planImport(db, exportedSite(), { locales: { "post:14": "en" } });
    expect(changed.items.find((i) => i.key === "post:14")).toMatchObject({ locale: "en", routePath: "/en/پیش-نویس" });

    expect(redirectsOf(plan.site, plan)).toEqual([
      { from: "/?p=12", to: "/رمان/سلام-دنیا" },
      { from: "/2019/05/سلام-دنیا/", to: "/رمان/سلام-دنیا" },
      { from: "/en/hello-world/", to: "/en/books/hello-world" },
      { from: "/category/کتاب/", to: "/books" },
      { from: "/tag/react/", to: "/tags/React" },
      { from: "/feed/", to: "/feed.xml" },
      { from: "/author/admin/", to: "/" },
    ]);
  });
});

describe("all or nothing", () => {
  test("an image that fails to be read midway leaves the site as it was", async () => {
    const db = await getDb();
    const site = exportedSite("https://failing.example.com");
    const plan = await planImport(db, site);
    const before = await databaseFingerprint(db);
    const folder = mediaFolder(uploads);
    let reads = 0;
    const failing: MediaSource = {
      async read(relative) {
        if (++reads === 2) throw Object.assign(new Error("EIO: i/o error"), { code: "EIO" });
        return folder.read(relative);
      },
    };
    await expect(applyImport(db, plan, { userId: adminId, media: failing })).rejects.toThrow("EIO");
    await expectDatabaseUnchanged(db, before);
  });

  test("a page that cannot be written, after the images, leaves the site as it was and says which", async () => {
    const db = await getDb();
    const site = exportedSite("https://unwritable.example.com");
    site.items.push(item({ key: "post:99", title: "   ", slug: "بی-عنوان" }));
    const plan = await planImport(db, site);
    expect(plan.items.find((i) => i.key === "post:99")!.problems.map((p) => p.message)).toContain(
      "import.plan.unwritable",
    );
    const before = await databaseFingerprint(db);
    await expect(applyImport(db, plan, { userId: adminId, media: mediaFolder(uploads) })).rejects.toMatchObject({
      status: 422,
      key: "import.error.pageNotWritable",
    });
    await expectDatabaseUnchanged(db, before);
  });

  test("two imports at once: one runs, the other is refused with a message", async () => {
    const db = await getDb();
    const first = await planImport(db, exportedSite("https://first.example.com"));
    const second = await planImport(db, exportedSite("https://second.example.com"));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reading!: () => void;
    const started = new Promise<void>((resolve) => (reading = resolve));
    // The first import waits on its first image (then fails, so it leaves nothing for the tests after).
    const slow: MediaSource = {
      async read() {
        reading();
        await held;
        throw new Error("gone");
      },
    };
    const busy = applyImport(db, first, { userId: adminId, media: slow });
    await started;
    const before = await databaseFingerprint(db);
    await expect(applyImport(db, second, { userId: adminId, media: mediaFolder(uploads) })).rejects.toMatchObject({
      status: 409,
      key: "import.error.busy",
    });
    await expectDatabaseUnchanged(db, before);
    release();
    await expect(busy).rejects.toThrow("gone");
  });
});

describe("the import", () => {
  let report: ImportReport;

  test("pages, categories, comments and images come in as one build, written as the editor writes them", async () => {
    const db = await getDb();
    const plan = await planImport(db, exportedSite());
    report = await applyImport(db, plan, { userId: adminId, media: mediaFolder(uploads), locale: "en" });
    expect(report).toMatchObject({ pages: 4, drafts: 1, categories: 1, comments: 6, images: 2, existing: 0 });
    // The missing one stays a link; the link leading out of the folder is refused, never read.
    expect(report.imageFailures).toEqual([
      { address: `${BASE}/wp-content/uploads/2019/05/missing.jpg`, reason: "missing" },
      { address: "/wp-content/uploads/2019/05/link.jpg", reason: "refused" },
    ]);

    const rows = await files(db, report.buildId!);
    const images = rows.filter((r) => r.path.startsWith("media/"));
    expect(images.map((r) => r.path.replace(/[0-9a-f]{16}-/, "KEY-")).sort()).toEqual([
      "media/KEY-cover.jpg",
      "media/KEY-کتاب.png",
    ]);
    const cover = images.find((r) => r.path.endsWith("-cover.jpg"))!;
    const book = images.find((r) => r.path.endsWith("-کتاب.png"))!.path;
    const kept = await sharp(cover.data!).metadata();
    expect([kept.format, kept.width, kept.height, kept.exif]).toEqual(["jpeg", 800, 600, undefined]);
    expect(cover.data!.includes(Buffer.from("Secret Camera 9"))).toBe(false);

    const text = (file: string) => rows.find((r) => r.path === file)?.content;
    expect(text("content/fa/رمان/سلام-دنیا.md")).toBe(
      [
        "---",
        'title: "سلام دنیا"',
        `description: "نخستین نوشته${ZWNJ}ها"`,
        "date: 2019-05-12",
        "category: رمان",
        "tags:",
        `  - نرم${ZWNJ}افزار`,
        "  - React",
        `thumbnail: /${cover.path}`,
        'author: "Ava Admin"',
        // Its translation, as the export records it: linked as the editor's Translate links them.
        "translationOf: /books/hello-world",
        "toc: false",
        "comments: true",
        "draft: false",
        "intro: false",
        "---",
        "",
        "سلام! این نخستین نوشته است.",
        "",
        `![جلد کتاب](/${book})`,
        "",
        `![گم](${BASE}/wp-content/uploads/2019/05/missing.jpg)`,
        "",
      ].join("\n"),
    );
    expect(text("content/en/books/hello-world.md")).toBe(
      [
        "---",
        'title: "Hello world"',
        "date: 2019-05-12",
        "category: books",
        'author: "سارا"',
        "translationOf: /رمان/سلام-دنیا",
        "toc: false",
        "comments: true",
        "draft: false",
        "intro: false",
        "---",
        "",
        "Hello.",
        "",
      ].join("\n"),
    );
    // The draft stays a draft; its thumbnail (a link out of the folder, not read) stays a link to the old site.
    expect(text("content/fa/پیش-نویس.md")).toContain("draft: true");
    expect(text("content/fa/پیش-نویس.md")).toContain(`thumbnail: ${BASE}/wp-content/uploads/2019/05/link.jpg`);
    // A page is not dated (dated pages are posts) and has no category.
    expect(text("content/fa/about-2.md")).not.toMatch(/^(date|category):/m);
    expect(rows.find((r) => r.path === "content/fa/about-2.md")!.message).toBe("Import درباره");

    const { config } = await readAppConfigState(db);
    expect(config.categories.map((c) => c.slug)).toEqual(["books", "notes", "projects", "tuts", "رمان"]);
    expect(config.categories.at(-1)!.name).toEqual({ fa: `کتاب${ZWNJ}ها — رمان`, en: `کتاب${ZWNJ}ها — رمان` });

    const thread = await db
      .select()
      .from(comments)
      .where(eq(comments.routePath, "/رمان/سلام-دنیا"))
      .orderBy(comments.id)
      .all();
    const byBody = new Map(thread.map((c) => [c.body, c]));
    expect(thread.map((c) => [c.body, c.status])).toEqual([
      ["عالی بود.", "approved"],
      ["در انتظار.", "pending"],
      ["buy now", "spam"],
      ["پاک‌شده", "trash"],
      ["موافقم.", "approved"],
      ["من هم.", "approved"],
    ]);
    // A reply to a reply is attached to its thread's first comment (threads here are one level deep).
    expect(byBody.get("موافقم.")!.parentId).toBe(byBody.get("عالی بود.")!.id);
    expect(byBody.get("من هم.")!.parentId).toBe(byBody.get("عالی بود.")!.id);
    expect(byBody.get("عالی بود.")!.createdAt.toISOString()).toBe("2019-05-13T05:30:00.000Z");
    expect(byBody.get("عالی بود.")).toMatchObject({ authorName: "نویسندهٔ comment:1", event: null, eventId: null });
  });

  test("importing the same export again adds nothing and changes nothing", async () => {
    const db = await getDb();
    const before = await databaseFingerprint(db);
    const plan = await planImport(db, exportedSite());
    expect(plan.counts).toMatchObject({ existing: 4, newComments: 0 });
    expect(plan.items.every((i) => i.exists)).toBe(true);
    expect(plan.items.find((i) => i.key === "page:2")!.path).toBe("/about-2");
    expect(await applyImport(db, plan, { userId: adminId, media: mediaFolder(uploads) })).toMatchObject({
      runId: null,
      pages: 0,
      comments: 0,
    });
    await expectDatabaseUnchanged(db, before);
    // A comment the old site got since comes in alone, in its thread.
    const later = exportedSite();
    later.items[0]!.comments.push(comment("comment:7", "approved", "comment:1", "تازه."));
    const again = await applyImport(db, await planImport(db, later), { userId: adminId });
    expect(again).toMatchObject({ pages: 0, comments: 1, images: 0 });
    const added = await db.select().from(comments).where(eq(comments.body, "تازه.")).get();
    const first = await db.select().from(comments).where(eq(comments.body, "عالی بود.")).get();
    expect(added!.parentId).toBe(first!.id);
    const recorded = await db
      .select()
      .from(importedItems)
      .where(and(eq(importedItems.kind, "item"), like(importedItems.exportId, "wordpress https://old.%")))
      .all();
    expect(recorded.map((r) => [r.key, r.target, r.translationGroup]).sort()).toEqual([
      ["page:2", "fa:/about-2", null],
      ["post:12", "fa:/رمان/سلام-دنیا", "g1"],
      ["post:13", "en:/books/hello-world", "g1"],
      ["post:14", "fa:/پیش-نویس", null],
    ]);
  });

  test("the build publishes as one commit of the site's repository, and its pages are live", async () => {
    const admin = new ApiClient(server.url);
    await admin.login("admin");
    const answer = await admin.post("/api/builds/run", { buildId: report.buildId });
    expect(answer.status).toBe(200);
    const repo = path.join(process.env.DATA_DIR!, "repository", "content.git");
    const changed = (await git(repo, "show", "--name-status", "--format=", "main"))
      .split("\n")
      .map((line) => line.replace(/[0-9a-f]{16}-/, "KEY-"))
      .sort();
    expect(changed).toEqual(
      [
        "A\tcontent/en/books/hello-world.md",
        "A\tcontent/fa/about-2.md",
        "A\tcontent/fa/رمان/سلام-دنیا.md",
        "A\tcontent/fa/پیش-نویس.md",
        // The old addresses, stored as redirects when the build is published.
        "A\tcontent/redirects.yaml",
        "A\tmedia/KEY-cover.jpg",
        "A\tmedia/KEY-کتاب.png",
      ].sort(),
    );
    const page = await fetch(`${server.url}/${encodeURI("رمان/سلام-دنیا")}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("سلام! این نخستین نوشته است.");
    // Readers see the approved comments in their thread, without a signed event (zaps need one).
    const shown = await fetch(`${server.url}/api/comments?routePath=${encodeURIComponent("/رمان/سلام-دنیا")}`);
    const list = (await shown.json()) as {
      comments: { body: string; eventId: string | null; replies: { body: string }[] }[];
    };
    expect(list.comments.map((c) => [c.body, c.eventId, c.replies.map((r) => r.body)])).toEqual([
      ["عالی بود.", null, ["موافقم.", "من هم.", "تازه."]],
    ]);
  });
});
