/**
 * An import's old addresses on a real server: a WordPress export (Persian slugs, plain `?p=` and `?page_id=`
 * permalinks, date permalinks, categories, tags, feeds, authors, attachment pages, Polylang translations, comments
 * with their authors' e-mail addresses) imported and published answers each old address with one 301 to its new
 * page, a query-carrying address whatever the order of its parameters and the tracking ones beside it; before
 * the build is published none of them answers; importing the export again changes nothing. The translations
 * stay linked, and the commenters' e-mail addresses are in no page and no feed.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BuildSummary } from "~/builds/builds.server";
import { openDatabase, type DatabaseConnection } from "~/db/client.server";
import { comments, redirects } from "~/db/schema";
import type { ImportReport } from "~/import/apply.server";
import type { ImportPreview } from "~/import/plan.server";
import { fullExport, plainItem, SLUG_HELLO } from "../fixtures/import/wordpress-export";
import { ApiClient } from "../helpers/api-client";
import { databaseFingerprint, expectDatabaseUnchanged, untilPublishingSettles } from "../helpers/db-fingerprint";
import { startSeededSite } from "../helpers/seeded-site";
import type { SiteProcess } from "../helpers/site-process";

const SLUG_DAY = "روز-خوب";
const SLUG_PAGE = "دربارهٔ-ما";
const SLUG_GHOST = "سلام-گوست";
const SLUG_GHOST_TAG = "فناوری";
const lower = (text: string) => encodeURIComponent(text).toLowerCase();

/** The fixture's export, with a page (`?page_id=`) and a post at a day-dated permalink. */
const exportText = fullExport.replace(
  "</channel>",
  plainItem(60, {
    type: "page",
    name: lower(SLUG_PAGE),
    title: "دربارهٔ ما",
    link: `https://blog.example.ir/${lower(SLUG_PAGE)}/`,
  }) +
    plainItem(61, {
      name: lower(SLUG_DAY),
      title: "روز خوب",
      link: `https://blog.example.ir/2019/05/12/${lower(SLUG_DAY)}/`,
    }) +
    "</channel>",
);

let site: SiteProcess;
let admin: ApiClient;
let database: DatabaseConnection;
let routes: Map<string, string>;

const visit = (address: string) => fetch(site.url + address, { redirect: "manual" });
const upper = (text: string) => encodeURIComponent(text);

async function importExport(): Promise<{ status: number; report: ImportReport }> {
  const uploaded = await admin.raw("POST", "/api/import/upload?kind=wordpress&name=export.xml", {
    body: new TextEncoder().encode(exportText),
    headers: { "Content-Type": "application/octet-stream" },
  });
  expect(uploaded.status).toBe(201);
  const { uploadId, preview } = (await uploaded.json()) as { uploadId: number; preview: ImportPreview };
  routes = new Map(preview.items.map((item) => [item.key, item.routePath]));
  const run = await admin.post<{ report: ImportReport }>("/api/import/run", { uploadId, locales: {} });
  return { status: run.status, report: run.body.report };
}

async function publish() {
  const open = (await admin.get<{ builds: BuildSummary[] }>("/api/builds/all")).body.builds.find(
    (build) => build.status === "open",
  )!;
  const answer = await admin.post<{ status: string }>("/api/builds/run", { buildId: open.id });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe("published");
}

/** The old addresses and the item (or address) each must lead to. */
function oldAddresses(): [string, string][] {
  const hello = routes.get("post:10")!;
  const day = routes.get("post:61")!;
  const page = routes.get("post:60")!;
  return [
    ["/?p=10", hello],
    ["/?utm_source=newsletter&p=10", hello],
    ["/?p=10&utm_medium=email&fbclid=abc", hello],
    ["/index.php?p=10", hello],
    ["/?page_id=60", page],
    ["/?utm_campaign=x&page_id=60", page],
    ["/?attachment_id=30", hello],
    [`/2019/05/${upper(SLUG_HELLO)}/`, hello],
    [`/2019/05/${upper(SLUG_HELLO)}`, hello],
    [`/2019/05/${lower(SLUG_HELLO)}/`, hello],
    [`/2019/05/${upper(SLUG_HELLO)}/gol/`, hello],
    [`/2019/05/12/${upper(SLUG_DAY)}/`, day],
    [`/2019/05/12/${upper(SLUG_DAY)}`, day],
    [`/${upper(SLUG_PAGE)}/`, page],
    ["/en/2019/05/hello-world/", routes.get("post:11")!],
    ["/?p=11", routes.get("post:11")!],
    ["/feed/", "/feed.xml"],
    ["/?feed=rss2", "/feed.xml"],
    ["/category/books/", "/books"],
    ["/?cat=3", "/books"],
    ["/tag/react/", "/tags/React"],
    ["/author/admin/", "/"],
  ];
}

beforeAll(async () => {
  site = await startSeededSite();
  database = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  admin = new ApiClient(site.url);
  await admin.login("admin");
}, 120_000);

afterAll(async () => {
  database?.client.close();
  await site?.stop();
});

describe("an import's old addresses", () => {
  test("answer nothing before the build is published, and one 301 to their page after", async () => {
    const { status, report } = await importExport();
    expect(status).toBe(200);
    expect(report.redirects).toBeGreaterThan(20);
    // Waiting with the build: no imported redirect answers yet.
    expect(await database.db.select().from(redirects).all()).toEqual([]);
    for (const [from] of oldAddresses()) {
      const answer = await visit(from);
      // Only the rule that drops a trailing slash answers: nothing leads to the imported pages yet.
      if (answer.status === 301) expect(answer.headers.get("location"), from).toBe(from.replace(/\/(\?|$)/, "$1"));
    }
    expect((await visit("/?p=10")).status).toBe(200);

    await publish();
    for (const [from, to] of oldAddresses()) {
      const answer = await visit(from);
      expect(answer.status, from).toBe(301);
      const location = answer.headers.get("location")!;
      expect(decodeURI(location), from).toBe(to);
      // One hop: the target is the page itself.
      expect((await visit(location)).status, `${from} → ${location}`).toBe(200);
    }
    // The home page is still the home page, and another post's number is not this one's.
    expect((await visit("/")).status).toBe(200);
    expect((await visit("/?utm_source=x")).status).toBe(200);
    expect((await visit("/?p=1010")).status).toBe(200);
    // Listed with the others, as imported.
    const stored = await database.db.select().from(redirects).where(eq(redirects.fromPath, "/?p=10")).get();
    expect(stored?.kind).toBe("imported");
  });

  test("importing the same export again changes nothing", async () => {
    // The pushes of the build (and of the baseline that began the history) may still be under way.
    await untilPublishingSettles(database.db);
    const before = await databaseFingerprint(database.db);
    const { status, report } = await importExport();
    expect(status).toBe(200);
    expect(report.runId).toBeNull();
    await expectDatabaseUnchanged(database.db, before);
  });

  test("translations stay linked: the English page's language switch leads to its Persian original", async () => {
    const english = await (await visit(routes.get("post:11")!)).text();
    const links = [...english.matchAll(/<(?:a|link)\b[^>]*hreflang="fa"[^>]*>/gi)].map(([tag]) => tag);
    const hrefs = links.map((tag) =>
      decodeURI(/\shref="([^"]*)"/.exec(tag)?.[1] ?? "").replace(/^https?:\/\/[^/]+/, ""),
    );
    // The switch and the alternate name the Persian page, wherever it is.
    expect(hrefs.filter((href) => href === routes.get("post:10")).length).toBeGreaterThanOrEqual(2);
  });

  test("commenters' e-mail addresses are kept for moderators and never shown", async () => {
    const kept = await database.db
      .select({ email: comments.authorEmail, url: comments.authorUrl })
      .from(comments)
      .all();
    expect(kept.map((row) => row.email)).toContain("r50@example.com");
    expect(kept.map((row) => row.url)).toContain("https://reader.example/");
    const page = await (await visit(encodeURI(routes.get("post:10")!))).text();
    const listedAnswer = await visit(`/api/comments?routePath=${encodeURIComponent(routes.get("post:10")!)}`);
    expect(listedAnswer.status).toBe(200);
    const listed = await listedAnswer.text();
    expect(listed).toContain("خواننده 50");
    const feed = await (await visit("/feed.xml")).text();
    for (const text of [page, listed, feed]) {
      expect(text).not.toMatch(/r\d+@example\.com/);
      expect(text).not.toContain("reader.example");
    }
    const moderation = await admin.get<{ rows: { authorEmail: string | null }[] }>("/api/comments/all?status=approved");
    expect(moderation.status).toBe(200);
    expect(moderation.body.rows.map((row) => row.authorEmail)).toContain("r50@example.com");
  });
});

/** A Ghost export (Settings → Labs → Export): a Persian-slugged post, an English one, a tag and their writer. */
function ghostExport(): string {
  const post = (id: string, title: string, slug: string, html: string) => ({
    id,
    uuid: `00000000-0000-4000-8000-00000000000${id.slice(1)}`,
    title,
    slug,
    html,
    mobiledoc: null,
    lexical: null,
    feature_image: null,
    featured: false,
    type: "post",
    status: "published",
    visibility: "public",
    created_at: "2021-03-01T10:00:00.000Z",
    updated_at: "2021-03-05T10:00:00.000Z",
    published_at: "2021-03-04T10:00:00.000Z",
    custom_excerpt: null,
  });
  return JSON.stringify({
    db: [
      {
        meta: { exported_on: 1700000000000, version: "5.75.0" },
        data: {
          posts: [
            post("g1", "سلام گوست", SLUG_GHOST, "<p>متن فارسی گوست.</p>"),
            post("g2", "Hello Ghost", "hello-ghost", "<p>An English post from Ghost.</p>"),
          ],
          tags: [{ id: "t1", name: "فناوری", slug: SLUG_GHOST_TAG, visibility: "public" }],
          posts_tags: [{ post_id: "g1", tag_id: "t1", sort_order: 0 }],
          users: [{ id: "u1", name: "نویسنده", slug: "writer", email: "writer@example.ir" }],
          posts_authors: [
            { post_id: "g1", author_id: "u1", sort_order: 0 },
            { post_id: "g2", author_id: "u1", sort_order: 0 },
          ],
          posts_meta: [],
          settings: [
            { key: "title", value: "وبلاگ گوست" },
            { key: "locale", value: "fa" },
          ],
        },
      },
    ],
  });
}

describe("a Ghost site's old addresses", () => {
  test("each answers one 301 to its page once the import is published", async () => {
    const uploaded = await admin.raw("POST", "/api/import/upload?kind=ghost&name=export.json", {
      body: new TextEncoder().encode(ghostExport()),
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(uploaded.status).toBe(201);
    const { uploadId, preview } = (await uploaded.json()) as { uploadId: number; preview: ImportPreview };
    const ghost = new Map(preview.items.map((item) => [item.key, item.routePath]));
    const run = await admin.post<{ report: ImportReport }>("/api/import/run", { uploadId, locales: {} });
    expect(run.status).toBe(200);
    const persian = [...ghost.entries()].find(([key]) => key.endsWith("g1"))![1];
    const english = [...ghost.entries()].find(([key]) => key.endsWith("g2"))![1];
    const expected: [string, string][] = [
      [`/${upper(SLUG_GHOST)}/`, persian],
      [`/${lower(SLUG_GHOST)}/`, persian],
      ["/hello-ghost/", english],
      [`/tag/${upper(SLUG_GHOST_TAG)}/`, "/tags/فناوری"],
      ["/author/writer/", "/"],
      ["/rss/", "/feed.xml"],
    ];
    for (const [from] of expected) expect((await visit(from)).status, from).not.toBe(200);
    expect((await visit(`/${upper(SLUG_GHOST)}`)).status).toBe(404);

    await publish();
    for (const [from, to] of expected) {
      const answer = await visit(from);
      expect(answer.status, from).toBe(301);
      const location = answer.headers.get("location")!;
      expect(decodeURI(location), from).toBe(to);
      expect((await visit(location)).status, `${from} → ${location}`).toBe(200);
    }
    // A post without a category keeps its very address: the page itself answers there.
    expect(persian).toBe(`/${SLUG_GHOST}`);
    expect((await visit(`/${upper(SLUG_GHOST)}`)).status).toBe(200);
  });
});
