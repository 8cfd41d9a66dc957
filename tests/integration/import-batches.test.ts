/**
 * A large import writes a batch at a time: readers are answered while it writes, a failure after some batches
 * leaves the site as readers saw it (what it wrote is taken back), a run whose instance stopped is taken back by
 * the next import and counts for nothing meanwhile, and the build cannot be published while a run writes in it.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { takeOpenBuild } from "~/builds/builds.server";
import { MAX_PARAGRAPH_MARKS } from "~/content/markdown/limits";
import { fileOfPage } from "~/builds/files";
import { publishBuild } from "~/builds/publish.server";
import { getDb } from "~/db/client.server";
import { builds, comments, commits, importCommits, importRuns, importedItems, leases } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { applyImport, IMPORT_LEASE, importProgress } from "~/import/apply.server";
import type { MediaSource } from "~/import/media-source.server";
import type { ExportedItem, ExportedSite } from "~/import/model";
import { planImport } from "~/import/plan.server";
import { largeWordPressExport } from "../fixtures/import/large-export";
import { ApiClient } from "../helpers/api-client";
import { startAppServer, type TestServer } from "../helpers/app-server";
import { databaseFingerprint, expectDatabaseUnchanged } from "../helpers/db-fingerprint";
import { picture } from "../helpers/images";
import { seedDatabaseAt } from "../helpers/seed";

let server: TestServer;
let admin: Parameters<typeof publishBuild>[1];

beforeAll(async () => {
  await seedDatabaseAt(process.env.DATABASE_URL!);
  server = await startAppServer();
  const db = await getDb();
  admin = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.userName, "admin") }))!;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** An export of `posts` posts, each with `perPost` comments (every third a reply), the first with an image. */
function bigSite(baseUrl: string, posts: number, perPost: number): ExportedSite {
  const items: ExportedItem[] = Array.from({ length: posts }, (_, i) => ({
    key: `post:${i}`,
    kind: "post",
    title: `نوشتهٔ ${i}`,
    slug: `نوشته-${i}`,
    status: "published",
    statusNote: null,
    publishedAt: "2020-03-04T10:00:00+03:30",
    updatedAt: null,
    excerpt: "",
    authorKey: null,
    categoryKeys: [],
    tagKeys: [],
    sticky: false,
    featuredImage: null,
    markdown: i === 0 ? `متن ${i}.\n\n![](${baseUrl}/wp-content/uploads/a.png)\n` : `متن ${i}.\n`,
    images: i === 0 ? [`${baseUrl}/wp-content/uploads/a.png`] : [],
    locale: "fa",
    localeFrom: "export",
    translationGroup: null,
    oldAddresses: [],
    commentsOpen: true,
    comments: Array.from({ length: perPost }, (_, c) => ({
      key: `comment:${i}:${c}`,
      parentKey: c % 3 === 0 ? null : `comment:${i}:${c - (c % 3)}`,
      authorName: `خواننده ${c}`,
      authorEmail: null,
      authorUrl: null,
      date: "2020-03-05T10:00:00Z",
      body: `دیدگاه ${c}`,
      status: "approved",
    })),
  }));
  return {
    source: "wordpress",
    title: "بزرگ",
    baseUrl,
    authors: [],
    categories: [],
    tags: [],
    items,
    addresses: [],
    warnings: [],
  };
}

/** The uploads: one picture; `onRead` runs when the import reads it (after the plan, before the writes). */
async function uploadsWith(onRead: () => Promise<void> = async () => {}): Promise<MediaSource> {
  const bytes = await picture(40, 30, "png");
  return {
    async read() {
      await onRead();
      return { ok: true, bytes, name: "a.png" };
    },
  };
}

describe("an import written a batch at a time", () => {
  test("readers are answered while it reads the export and while it writes", async () => {
    const db = await getDb();
    const editor = new ApiClient(server.url);
    await editor.login("editor");
    const size = { posts: 400, commentsPerPost: 10, images: 0 };
    /** A reader's request that reads the database (an address no page has: never kept by the document cache). */
    const read = async () => {
      const started = performance.now();
      const answer = await fetch(`${server.url}/نیست`);
      await answer.text();
      expect(answer.status).toBe(404);
      return performance.now() - started;
    };
    await read();

    // The export is read in a thread of its own: a reader is answered before the upload is.
    let uploaded = false;
    const upload = editor
      .raw("POST", "/api/import/upload?kind=wordpress&name=large.xml", {
        body: new TextEncoder().encode(largeWordPressExport(size)),
        headers: { "Content-Type": "application/octet-stream" },
      })
      .finally(() => (uploaded = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const duringRead = await read();
    expect(uploaded).toBe(false);
    const sent = (await (await upload).json()) as { uploadId: number };

    let finished = false;
    const answeredMeanwhile: number[] = [];
    const importing = editor.post("/api/import/run", { uploadId: sent.uploadId, locales: {} });
    const ended = (async () => {
      await importing;
      while ((await importProgress(db))?.state === "running") await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    })();
    // Once the run is writing, readers' requests are answered between its batches.
    while (!finished && answeredMeanwhile.length < 3) {
      const progress = await importProgress(db);
      if (progress?.state === "running" && progress.phase === "writing" && progress.done > 0) {
        const waited = await read();
        if (!finished) answeredMeanwhile.push(waited);
      } else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await ended;
    const answer = await importing;
    // Answered with the report, or (a slow machine) told it goes on: then it is followed to its end.
    expect([200, 202]).toContain(answer.status);
    while ((await importProgress(db))?.state === "running") await new Promise((resolve) => setTimeout(resolve, 100));
    const report = (await importProgress(db))!.report;
    expect(report).toMatchObject({ pages: 400, comments: 4000 });
    // Answered while the run was still writing (one transaction held every reader until it ended).
    expect(answeredMeanwhile.length).toBeGreaterThan(0);
    console.log(
      `A reader waited ${duringRead.toFixed(0)} ms while the export was read, ${answeredMeanwhile.map((ms) => ms.toFixed(0)).join(", ")} ms while it was written`,
    );
    expect(await importProgress(db)).toMatchObject({ state: "done", done: 4400, total: 4400 });
    // Nothing is left for taking back, and importing it again adds nothing.
    expect(await db.select().from(importCommits).all()).toEqual([]);
    const again = await editor.raw("POST", "/api/import/upload?kind=wordpress&name=large.xml", {
      body: new TextEncoder().encode(largeWordPressExport(size)),
      headers: { "Content-Type": "application/octet-stream" },
    });
    const preview = ((await again.json()) as { preview: { counts: { existing: number } } }).preview;
    expect(preview.counts.existing).toBe(400);
  }, 180_000);

  test("a failure after some batches leaves the site as it was: what the run wrote is taken back", async () => {
    const db = await getDb();
    // The earlier test's build is done with (its pages are not wanted here).
    await db.delete(builds).where(eq(builds.status, "open"));
    const plan = await planImport(db, bigSite("https://failing.example.com", 400, 3));
    const late = plan.items[350]!;
    const before = await databaseFingerprint(db);
    // A writer saves a page at one of the import's later addresses while it reads its images: the batch
    // holding that address finds it taken, after the batches before it were written.
    let editorBuild = 0;
    const media = await uploadsWith(async () => {
      await writeTransaction(db, async (tx) => {
        const build = await takeOpenBuild(tx, admin.id);
        editorBuild = build.id;
        await tx.insert(commits).values({
          buildId: build.id,
          authorId: admin.id,
          message: "the writer's page",
          path: fileOfPage(late.locale, late.path),
          content: "---\ntitle: x\n---\n\nx\n",
        });
      });
    });
    await expect(applyImport(db, plan, { userId: admin.id, media })).rejects.toMatchObject({
      status: 409,
      key: "import.error.addressTaken",
    });
    // The writer's page is theirs; the import's pages, comments and records are gone.
    const left = await db.select({ path: commits.path }).from(commits).where(eq(commits.buildId, editorBuild)).all();
    expect(left).toEqual([{ path: fileOfPage(late.locale, late.path) }]);
    await db.delete(builds).where(eq(builds.id, editorBuild));
    await expectDatabaseUnchanged(db, before);
    expect(await importProgress(db)).toMatchObject({ state: "failed" });
  }, 120_000);

  test("an item that cannot be written, last of many, refuses the import before anything is written", async () => {
    const db = await getDb();
    await db.delete(builds).where(eq(builds.status, "open"));
    const site = bigSite("https://dense.example.com", 400, 2);
    // The last item's paragraph has more marks than the site renders (a batch after the first two).
    const last = site.items.at(-1)!;
    last.markdown = `${"[".repeat(MAX_PARAGRAPH_MARKS)}${"]".repeat(MAX_PARAGRAPH_MARKS)}\n`;
    const plan = await planImport(db, site);
    const before = await databaseFingerprint(db);
    /** The commits ever made (their ids are never reused): one written and taken back counts. */
    const commitsMade = async () =>
      (await db.all<{ seq: number }>(sql`SELECT seq FROM sqlite_sequence WHERE name = 'commits'`))[0]?.seq ?? 0;
    const made = await commitsMade();
    await expect(applyImport(db, plan, { userId: admin.id, media: await uploadsWith() })).rejects.toMatchObject({
      status: 422,
      key: "import.error.pageNotWritable",
      vars: { title: last.title },
    });
    expect(await commitsMade()).toBe(made);
    await expectDatabaseUnchanged(db, before);
    expect(await importProgress(db)).toMatchObject({
      state: "failed",
      buildId: null,
      error: { key: "import.error.pageNotWritable", vars: { title: last.title } },
    });
  }, 120_000);

  test("a run that stopped midway counts for nothing, cannot be published, and the next import takes it back", async () => {
    const db = await getDb();
    const site = bigSite("https://stopped.example.com", 3, 2);
    const plan = await planImport(db, site);
    const before = await databaseFingerprint(db);
    // What an instance that stopped after its first batch leaves: a run still "running" in the open build, one
    // page's commit, one comment, their records, and the lease it held.
    const { runId, buildId, commentId } = await writeTransaction(db, async (tx) => {
      const build = await takeOpenBuild(tx, admin.id);
      const [run] = await tx
        .insert(importRuns)
        .values({ exportId: plan.exportId, userId: admin.id, phase: "writing", buildId: build.id })
        .returning({ id: importRuns.id });
      const item = plan.items[0]!;
      const [commit] = await tx
        .insert(commits)
        .values({
          buildId: build.id,
          authorId: admin.id,
          message: "half",
          path: fileOfPage(item.locale, item.path),
          content: "---\ntitle: half\n---\n\nhalf\n",
        })
        .returning({ id: commits.id });
      await tx.insert(importCommits).values({ runId: run!.id, commitId: commit!.id });
      const [comment] = await tx
        .insert(comments)
        .values({ routePath: item.routePath, authorName: "x", body: "half", status: "approved" })
        .returning({ id: comments.id });
      await tx.insert(importedItems).values([
        { exportId: plan.exportId, key: item.key, kind: "item", target: `fa:${item.path}`, runId: run!.id },
        { exportId: plan.exportId, key: "comment:0:0", kind: "comment", target: String(comment!.id), runId: run!.id },
      ]);
      await tx.insert(leases).values({ name: IMPORT_LEASE, holder: "gone", expiresAt: new Date(Date.now() + 60_000) });
      return { runId: run!.id, buildId: build.id, commentId: comment!.id };
    });

    // Its records count for nothing: the plan brings every item in.
    expect((await planImport(db, site)).counts.existing).toBe(0);
    // While its lease holds, publishing the build is refused with a message.
    await expect(publishBuild(db, admin, buildId)).rejects.toMatchObject({
      status: 409,
      key: "builds.error.importWriting",
    });

    // Its lease ran out: the next import takes it back, then writes its own.
    await db
      .update(leases)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(leases.name, IMPORT_LEASE));
    const report = await applyImport(db, await planImport(db, site), { userId: admin.id, media: await uploadsWith() });
    expect(report).toMatchObject({ pages: 3, comments: 6 });
    expect(await db.select().from(comments).where(eq(comments.id, commentId)).get()).toBeUndefined();
    expect((await db.select().from(importRuns).where(eq(importRuns.id, runId)).get())!.state).toBe("failed");
    const records = await db.select().from(importedItems).where(eq(importedItems.exportId, plan.exportId)).all();
    expect(new Set(records.map((r) => r.runId))).toEqual(new Set([report.runId]));
    expect(before).not.toBe(await databaseFingerprint(db));
  }, 120_000);

  test("a stopped run's commits are left out when its build is published", async () => {
    const db = await getDb();
    const open = (await db.select().from(builds).where(eq(builds.status, "open")).get())!;
    const page = (await db.select().from(commits).where(eq(commits.buildId, open.id)).limit(1).get())!;
    const [half] = await db
      .insert(commits)
      .values({
        buildId: open.id,
        authorId: admin.id,
        message: "half",
        path: "content/fa/نیمه.md",
        content: "---\ntitle: نیمه\n---\n\nنیمه\n",
      })
      .returning({ id: commits.id });
    const [run] = await db
      .insert(importRuns)
      .values({ exportId: "wordpress https://x.example", userId: admin.id, phase: "writing", buildId: open.id })
      .returning({ id: importRuns.id });
    await db.insert(importCommits).values({ runId: run!.id, commitId: half!.id });
    // No lease: its instance is gone.
    await db.delete(leases).where(eq(leases.name, IMPORT_LEASE));
    await publishBuild(db, admin, open.id);
    const kept = await db
      .select({ path: commits.path })
      .from(commits)
      .where(and(eq(commits.buildId, open.id), inArray(commits.id, [half!.id, page.id])))
      .all();
    expect(kept).toEqual([{ path: page.path }]);
    expect((await db.select().from(importRuns).where(eq(importRuns.id, run!.id)).get())!.state).toBe("failed");
  }, 120_000);
});
