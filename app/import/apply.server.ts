/**
 * Applying an import plan: the whole export becomes one build, or nothing does.
 *
 * - The build is the open build (there is at most one on the site, whoever opened it), opened now when there is
 *   none: imported pages are saves in it like the editor's, reviewed and published like any other.
 * - Images first, one at a time: read from the uploads given (or fetched by address through the outbound module
 *   when allowed), checked and re-encoded as every upload is, and kept in `import_media` (not in memory) until
 *   the write. An image that cannot be had is reported and stays a link.
 * - Then the write, in short transactions (`writeImport`): the pages as commits written as the editor writes
 *   them, the images as commits, the comments with their threads and states, the export's keys in
 *   `imported_items`, and last the categories (a change of the configuration, recorded in its history) with the
 *   run's mark. A failure anywhere leaves the site as readers saw it; what the run wrote is taken back.
 * - Importing the same export again finds its keys and adds nothing.
 * - One import at a time on the site (the "import" lease, across instances); its progress is in `import_runs`,
 *   so any instance can show it.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { takeOpenBuild } from "~/builds/builds.server";
import { composeContentFile } from "~/builds/content-file";
import { fileOfPage, pageKeyOf } from "~/builds/files";
import { openBuildOf } from "~/builds/versions.server";
import { releaseLease, takeLease } from "~/cluster/leases.server";
import { instanceId } from "~/cluster/instance.server";
import { ContentParseError, type FrontMatterInput } from "~/content/front-matter";
import {
  addBuildRedirects,
  foreseeRefusals,
  sourceAddress,
  type RedirectEntry,
  type RedirectRefusal,
} from "~/content/redirects.server";
import { markdownLimitProblem } from "~/content/markdown/limits";
import type { Database } from "~/db/client.server";
import {
  builds,
  comments,
  commits,
  importCommits,
  importMedia,
  importRuns,
  importedItems,
  media,
  pages,
} from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { serverT } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { formatOf } from "~/lib/image-sizes";
import { OutboundError, outboundRequest } from "~/lib/outbound.server";
import { ServiceError } from "~/lib/service-error";
import { MEDIA_ROOT, mediaSlug, mediaUrl } from "~/media/paths";
import { MAX_UPLOAD_BYTES, processUpload } from "~/media/upload.server";
import { changeAppConfig } from "~/settings/app-config.server";
import { uploadPathOf, type MediaSource } from "./media-source.server";
import type { ExportedComment, ExportedItem } from "./model";
import { hasWork, threadParents, type ImportPlan, type PlannedItem } from "./plan.server";
import { finishedRecords } from "./records.server";
import { redirectsOf } from "./redirects.server";

export const IMPORT_LEASE = "import";
/** How long the lease holds without news from the import (each step renews it). */
const LEASE_MS = 5 * 60_000;

export type ImageFailureReason = "missing" | "refused" | "notFetched" | "fetchFailed" | "rejected";

export interface ImportReport {
  runId: number | null;
  buildId: number | null;
  pages: number;
  drafts: number;
  categories: number;
  comments: number;
  images: number;
  /** Images that stayed links, and why. */
  imageFailures: { address: string; reason: ImageFailureReason }[];
  /** Items imported before: left as they are. */
  existing: number;
  /** The old addresses that will lead to their new pages once the build is published. */
  redirects: number;
  /** Old addresses that cannot lead anywhere here (a source where a public page is, a loop), and why. */
  redirectsRefused: { from: string; to: string; reason: RedirectRefusal }[];
}

export interface ApplyOptions {
  userId: number;
  /** The old site's uploads. */
  media?: MediaSource | null;
  /** Bring images the uploads lack from their addresses (through the outbound module, public addresses only). */
  fetchImages?: boolean;
  /** The language of the commits' messages. */
  locale?: Locale;
}

export interface ImportProgress {
  runId: number;
  state: (typeof importRuns.$inferSelect)["state"];
  phase: (typeof importRuns.$inferSelect)["phase"];
  done: number;
  total: number;
  buildId: number | null;
  /** What a finished run made. */
  report: ImportReport | null;
  /** Why a failed run failed (a message key of the import's, "failed" when it was not one). */
  error: { key: string; vars?: Record<string, string | number> } | null;
}

/** The latest import's progress (any instance's), or null when the site has had none. */
export async function importProgress(db: Database, runId?: number): Promise<ImportProgress | null> {
  const row = await db
    .select()
    .from(importRuns)
    .where(runId === undefined ? undefined : eq(importRuns.id, runId))
    .orderBy(desc(importRuns.id))
    .limit(1)
    .get();
  if (!row) return null;
  return {
    runId: row.id,
    state: row.state,
    phase: row.phase,
    done: row.done,
    total: row.total,
    buildId: row.buildId,
    report: row.state === "done" ? ((row.report as ImportReport | null) ?? null) : null,
    error:
      row.state === "failed"
        ? (() => {
            const failure = row.report as { error?: string; vars?: Record<string, string | number> } | null;
            return { key: failure?.error ?? "failed", vars: failure?.vars };
          })()
        : null,
  };
}

/**
 * Replaces each image address the markdown uses by its media address, where the address stands whole (between
 * the delimiters markdown and HTML put around an address), in one pass per address.
 */
export function rewriteImageAddresses(
  markdown: string,
  urls: ReadonlyMap<string, string>,
  addresses: readonly string[],
) {
  let text = markdown;
  const before = new Set(["(", "<", '"', "'", " ", "\n", "=", "\t"]);
  const after = new Set([")", ">", '"', "'", " ", "\n", "\t"]);
  for (const address of new Set(addresses)) {
    const url = urls.get(address);
    if (!url || !address) continue;
    let out = "";
    let from = 0;
    for (let at = text.indexOf(address); at >= 0; at = text.indexOf(address, at + address.length)) {
      const end = at + address.length;
      const whole = (at === 0 || before.has(text[at - 1]!)) && (end === text.length || after.has(text[end]!));
      if (!whole) continue;
      out += text.slice(from, at) + url;
      from = end;
    }
    text = out + text.slice(from);
  }
  return text;
}

interface Run {
  id: number;
  holder: string;
  /** The build this run opened (there was none open): closed again when the run fails before writing in it. */
  openedBuild?: number;
}

async function progress(db: Database, run: Run, patch: Partial<typeof importRuns.$inferInsert>) {
  await db
    .update(importRuns)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(importRuns.id, run.id));
  await takeLease(db, IMPORT_LEASE, LEASE_MS, { holder: run.holder });
}

/** Every image address the plan's new items use, in their order. */
function wantedImages(plan: ImportPlan): string[] {
  const exported = new Map(plan.site.items.map((item) => [item.key, item]));
  const wanted = new Set<string>();
  for (const item of plan.items) {
    if (item.exists) continue;
    const source = exported.get(item.key)!;
    for (const image of source.images) wanted.add(image);
    if (source.featuredImage) wanted.add(source.featuredImage);
  }
  return [...wanted];
}

type Brought = { ok: true; bytes: Uint8Array; name: string } | { ok: false; reason: ImageFailureReason };

/** The bytes of one image: from the uploads, else by its address when allowed. */
async function bringImage(address: string, plan: ImportPlan, options: ApplyOptions): Promise<Brought> {
  const baseUrl = plan.site.baseUrl;
  const inside = uploadPathOf(address, baseUrl);
  let firstReason: ImageFailureReason = "notFetched";
  if (inside !== null && options.media) {
    const read = await options.media.read(inside);
    if (read.ok) return read;
    if (read.reason !== "missing") return { ok: false, reason: read.reason };
    firstReason = "missing";
  }
  let url: URL;
  try {
    url = new URL(address, baseUrl ?? undefined);
  } catch {
    return { ok: false, reason: firstReason === "notFetched" ? "missing" : firstReason };
  }
  if (!/^https?:$/.test(url.protocol)) return { ok: false, reason: "missing" };
  if (!options.fetchImages) return { ok: false, reason: firstReason };
  try {
    const answer = await outboundRequest("visitor", url, { maxBytes: MAX_UPLOAD_BYTES, timeoutMs: 20_000 });
    if (answer.status !== 200) {
      answer.cancel();
      return { ok: false, reason: "fetchFailed" };
    }
    const name = decodeURIComponent(url.pathname.split("/").pop() ?? "") || "image";
    return { ok: true, bytes: await answer.bytes(), name };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, reason: "fetchFailed" };
    throw error;
  }
}

/**
 * Brings the images in (see the module's comment). Returns each brought image's address on this site; the
 * re-encoded bytes of those not yet published wait in `import_media`.
 */
async function stageImages(db: Database, plan: ImportPlan, run: Run, options: ApplyOptions) {
  const urls = new Map<string, string>();
  const failures: ImportReport["imageFailures"] = [];
  const wanted = wantedImages(plan);
  let done = 0;
  for (const address of wanted) {
    const brought = await bringImage(address, plan, options);
    if (!brought.ok) {
      failures.push({ address, reason: brought.reason });
    } else {
      let image;
      try {
        image = await processUpload(brought.bytes);
      } catch (error) {
        // Not a picture the site takes (its type, its size, its pixels): reported, the address stays a link.
        if (error instanceof ServiceError && (error.status === 400 || error.status === 413)) {
          failures.push({ address, reason: "rejected" });
          image = null;
        } else throw error;
      }
      if (image) {
        const published = await db.select({ path: media.path }).from(media).where(eq(media.key, image.key)).get();
        const file = published?.path ?? `${MEDIA_ROOT}/${image.key}-${mediaSlug(brought.name)}.${formatOf(image.mime)}`;
        if (!published) {
          await db
            .insert(importMedia)
            .values({ runId: run.id, address, file, data: Buffer.from(image.data) })
            .onConflictDoNothing();
        }
        urls.set(address, mediaUrl(file));
      }
    }
    done++;
    // Every few images: a row written per image would cost as much as the image.
    if (done % 20 === 0 || done === wanted.length) await progress(db, run, { done });
  }
  return { urls, failures };
}

function frontMatterOf(
  item: PlannedItem,
  source: ExportedItem,
  thumbnail: string | undefined,
  translationOf: string | undefined,
): FrontMatterInput {
  return {
    title: item.title,
    description: source.excerpt,
    // A post is a dated page; a draft never published is dated by its last change, else by the import.
    date: item.kind === "post" ? (item.date ?? new Date().toISOString().slice(0, 10)) : undefined,
    category: item.category ?? undefined,
    tags: item.tags,
    thumbnail,
    author: item.author.name || undefined,
    comments: source.commentsOpen,
    draft: item.state === "draft",
    translationOf,
  };
}

/**
 * Each item's translation as the export records it (the same translation group, the other language): the address
 * its file links, as the editor's Translate links a page to its original. Both sides are linked, so either page
 * knows the other whichever is published or moved first.
 */
function translationsOf(plan: ImportPlan): Map<string, string> {
  const groups = new Map(plan.site.items.map((item) => [item.key, item.translationGroup]));
  const byGroup = new Map<string, PlannedItem[]>();
  for (const item of plan.items) {
    const group = groups.get(item.key);
    if (group) byGroup.set(group, [...(byGroup.get(group) ?? []), item]);
  }
  const links = new Map<string, string>();
  for (const members of byGroup.values()) {
    for (const item of members) {
      const other = members.find((m) => m.locale !== item.locale);
      if (other) links.set(item.key, other.path);
    }
  }
  return links;
}

/** A thumbnail the site can name: brought in, or an absolute address of another site; else none. */
function thumbnailOf(address: string | null, urls: ReadonlyMap<string, string>, baseUrl: string | null) {
  if (!address) return undefined;
  const own = urls.get(address);
  if (own) return own;
  try {
    const url = new URL(address, baseUrl ?? undefined);
    return /^https?:$/.test(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A commenter's e-mail address as the export gives it, when it is one (kept for moderators only). */
function commenterEmail(value: string | null): string | null {
  const email = value?.trim() ?? "";
  return email.length <= 254 && /^[^\s@<>]+@[^\s@<>]+$/.test(email) ? email : null;
}

/** A commenter's web address, when it is an http(s) address (kept for moderators only). */
function commenterUrl(value: string | null): string | null {
  const text = value?.trim() ?? "";
  if (!text || text.length > 2000) return null;
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** The export's comments not yet imported, parents before replies. */
function newComments(plan: ImportPlan, source: ExportedItem): { comment: ExportedComment; parent: string | null }[] {
  const imported = new Set(plan.importedComments);
  const { parents } = threadParents(source.comments);
  const fresh = source.comments.filter((c) => !imported.has(c.key));
  const withParent = fresh.map((comment) => ({ comment, parent: parents.get(comment.key) ?? null }));
  return [...withParent.filter((c) => c.parent === null), ...withParent.filter((c) => c.parent !== null)];
}

export async function applyImport(db: Database, plan: ImportPlan, options: ApplyOptions): Promise<ImportReport> {
  return (await beginImport(db, plan, options)).finished;
}

/**
 * Starts the import: refused at once when another one runs (409) ; else its run is recorded and `finished` is the
 * rest of it (the images, the writes), which goes on by itself whether or not anyone waits for it: its progress
 * and its end (the report, or the failure's message) are in its run. `runId` is null when there is nothing new.
 */
export async function beginImport(
  db: Database,
  planned: ImportPlan | (() => Promise<ImportPlan>),
  options: ApplyOptions,
): Promise<{ runId: number | null; finished: Promise<ImportReport> }> {
  const emptyOf = (plan: ImportPlan): ImportReport => ({
    runId: null,
    buildId: null,
    pages: 0,
    drafts: 0,
    categories: 0,
    comments: 0,
    images: 0,
    imageFailures: [],
    existing: plan.counts.existing,
    redirects: 0,
    redirectsRefused: [],
  });
  // Nothing new: nothing is written, not even a record of the attempt.
  if (typeof planned !== "function" && !hasWork(planned)) {
    return { runId: null, finished: Promise.resolve(emptyOf(planned)) };
  }
  const holder = `${instanceId} ${randomUUID()}`;
  if (!(await takeLease(db, IMPORT_LEASE, LEASE_MS, { holder }))) throw new ServiceError(409, "import.error.busy");
  let run: Run;
  try {
    const [row] = await db
      .insert(importRuns)
      .values(
        typeof planned === "function"
          ? { exportId: "", userId: options.userId, phase: "reading" }
          : {
              exportId: planned.exportId,
              userId: options.userId,
              total: wantedImages(planned).length,
              phase: "images",
            },
      )
      .returning({ id: importRuns.id });
    run = { id: row!.id, holder };
  } catch (error) {
    await releaseLease(db, IMPORT_LEASE, holder);
    throw error;
  }
  const finished = (async () => {
    try {
      // Another run still marked running stopped with its instance (this one holds the lease now): it is taken back.
      const stopped = await db
        .select({ id: importRuns.id })
        .from(importRuns)
        .where(and(eq(importRuns.state, "running"), ne(importRuns.id, run.id)))
        .all();
      for (const { id } of stopped) await undoImportRun(db, id);
      // An export read now (a large one takes a while): the run says so meanwhile.
      const plan = typeof planned === "function" ? await planned() : planned;
      if (!hasWork(plan)) {
        const empty = emptyOf(plan);
        await progress(db, run, { exportId: plan.exportId, state: "done", phase: "done", report: empty });
        return empty;
      }
      await progress(db, run, { exportId: plan.exportId, phase: "images", total: wantedImages(plan).length });
      const { urls, failures } = await stageImages(db, plan, run, options);
      await progress(db, run, { phase: "writing" });
      return await writeImport(db, plan, run, options, urls, failures);
    } catch (error) {
      await undoImportRun(db, run.id, run.openedBuild);
      const reason = error instanceof ServiceError ? error.key : "failed";
      await db
        .update(importRuns)
        .set({
          report: { error: reason, vars: error instanceof ServiceError ? error.vars : undefined },
          updatedAt: new Date(),
        })
        .where(eq(importRuns.id, run.id));
      throw error;
    } finally {
      await releaseLease(db, IMPORT_LEASE, holder);
    }
  })();
  return { runId: run.id, finished };
}

/** The new items, each with its file and its text's maker. */
function pageFiles(plan: ImportPlan, urls: ReadonlyMap<string, string>) {
  const exported = new Map(plan.site.items.map((item) => [item.key, item]));
  const translations = translationsOf(plan);
  return plan.items
    .filter((item) => !item.exists)
    .map((item) => {
      const source = exported.get(item.key)!;
      return {
        item,
        file: fileOfPage(item.locale, item.path),
        translationGroup: source.translationGroup,
        text: () => pageText(plan, item, source, urls, translations.get(item.key)),
      };
    });
}

/**
 * A new item's file as the editor writes it, or a refusal naming the item. Made twice: once for every item before
 * anything is written (checked, then let go), then a batch at a time just before the batch's write (outside its
 * transaction, so each stays short): the texts of thousands of pages are never held at once.
 */
function pageText(
  plan: ImportPlan,
  item: PlannedItem,
  source: ExportedItem,
  urls: ReadonlyMap<string, string>,
  translation: string | undefined,
): string {
  const markdown = rewriteImageAddresses(source.markdown, urls, source.images);
  if (markdownLimitProblem(markdown)) {
    throw new ServiceError(422, "import.error.pageNotWritable", { vars: { title: item.title } });
  }
  try {
    const thumbnail = thumbnailOf(source.featuredImage, urls, plan.site.baseUrl);
    return composeContentFile(null, frontMatterOf(item, source, thumbnail, translation), markdown);
  } catch (error) {
    if (!(error instanceof ContentParseError)) throw error;
    throw new ServiceError(422, "import.error.pageNotWritable", { vars: { title: item.title } });
  }
}

/**
 * The old site's addresses (`redirectsOf`), each in the form a redirect's source is stored, once: those that will
 * lead to their pages when the import's build is published, and those that cannot (reported, never an error).
 */
async function oldAddresses(db: Database, plan: ImportPlan) {
  const entries = new Map<string, RedirectEntry>();
  for (const { from, to } of redirectsOf(plan.site, plan)) {
    const source = sourceAddress(from) ?? from;
    if (!entries.has(source)) entries.set(source, { from: source, to, kind: "imported" });
  }
  const becomingLive = new Set(plan.items.filter((i) => !i.exists && i.state === "published").map((i) => i.routePath));
  const refused = await foreseeRefusals(db, [...entries.values()], becomingLive);
  const out = new Set(refused.map(({ entry }) => entry.from));
  return { kept: [...entries.values()].filter((entry) => !out.has(entry.from)), refused };
}

/** Rows a write transaction takes at a time: each is short, so readers' queries wait a few milliseconds at most. */
const ROWS_PER_WRITE = 150;
/** Images are larger rows (their bytes are copied): fewer at a time. */
const IMAGES_PER_WRITE = 20;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += size) out.push(rows.slice(at, at + size));
  return out;
}

/** Lets the event loop answer what waits (readers' requests) between two pieces of work. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Records the keys a batch wrote. A key recorded by a run that did not finish (its records count for nothing,
 * see records.server.ts) is this run's now; one a finished run recorded is kept.
 */
async function record(tx: Database, rows: (typeof importedItems.$inferInsert)[]) {
  if (!rows.length) return;
  await tx
    .insert(importedItems)
    .values(rows)
    .onConflictDoUpdate({
      target: [importedItems.exportId, importedItems.key],
      set: {
        kind: sql`excluded.kind`,
        target: sql`excluded.target`,
        translationGroup: sql`excluded.translation_group`,
        runId: sql`excluded.run_id`,
      },
      setWhere: sql`${importedItems.runId} not in (select ${importRuns.id} from ${importRuns} where ${importRuns.state} = 'done')`,
    });
}

/** The run is still this one's to write (a run found stopped by another import has been taken back). */
async function stillRunning(tx: Database, run: Run) {
  const row = await tx.select({ state: importRuns.state }).from(importRuns).where(eq(importRuns.id, run.id)).get();
  if (row?.state !== "running") throw new ServiceError(409, "import.error.busy");
}

/**
 * Takes back what a run that failed or stopped wrote (its comments, its commits in the open build, its records
 * and waiting images), a batch at a time, and marks it failed. Nothing of it was public: its pages were in the
 * open build, which cannot be published while it writes, and its comments were on those pages. Run again when
 * it was cut off halfway: each batch removes rows and what names them together.
 */
export async function undoImportRun(db: Database, runId: number, openedBuild?: number): Promise<void> {
  for (;;) {
    const written = await db
      .select({ key: importedItems.key, target: importedItems.target, exportId: importedItems.exportId })
      .from(importedItems)
      .where(and(eq(importedItems.runId, runId), eq(importedItems.kind, "comment")))
      .limit(500)
      .all();
    if (!written.length) break;
    await writeTransaction(db, async (tx) => {
      await tx.delete(comments).where(
        inArray(
          comments.id,
          written.map((row) => Number(row.target)),
        ),
      );
      await tx.delete(importedItems).where(
        and(
          eq(importedItems.runId, runId),
          inArray(
            importedItems.key,
            written.map((row) => row.key),
          ),
        ),
      );
    });
  }
  for (;;) {
    const ids = (
      await db
        .select({ id: importCommits.commitId })
        .from(importCommits)
        .where(eq(importCommits.runId, runId))
        .limit(500)
        .all()
    ).map((row) => row.id);
    if (!ids.length) break;
    await writeTransaction(db, async (tx) => {
      await tx.delete(commits).where(inArray(commits.id, ids));
      await tx.delete(importCommits).where(and(eq(importCommits.runId, runId), inArray(importCommits.commitId, ids)));
    });
  }
  await writeTransaction(db, async (tx) => {
    await tx.delete(importedItems).where(eq(importedItems.runId, runId));
    await tx.delete(importMedia).where(eq(importMedia.runId, runId));
    const left =
      openedBuild !== undefined &&
      (await tx.select({ id: commits.id }).from(commits).where(eq(commits.buildId, openedBuild)).limit(1).get());
    if (openedBuild !== undefined && !left) {
      await tx.delete(builds).where(and(eq(builds.id, openedBuild), eq(builds.status, "open")));
    }
    await tx.update(importRuns).set({ state: "failed", updatedAt: new Date() }).where(eq(importRuns.id, runId));
  });
}

/**
 * The write, in short transactions one after another, so the site keeps answering while a large export goes in
 * (one transaction held the database, and every reader's query in this process waited for it, for seconds).
 * All or nothing is kept by where the rows go and by the run's mark, not by one transaction:
 *
 * 1. The open build is taken and named in the run: from then publishing it waits for the run to end, so half an
 *    import is never published.
 * 2. The pages' and images' commits, then the comments on new pages, a batch at a time, each batch with its
 *    records. None is public: the pages wait in the build, and the comments are on those pages' addresses.
 * 3. One last transaction writes what readers would see at once (new categories, comments on pages imported
 *    before, the old addresses waiting for the build) and marks the run done; only then do its records count.
 *
 * A failure on the way, or an instance that stops, leaves a run not done: `undoImportRun` takes its rows back
 * (at once, or when the next import starts), and until then its records count for nothing.
 */
async function writeImport(
  db: Database,
  plan: ImportPlan,
  run: Run,
  options: ApplyOptions,
  urls: ReadonlyMap<string, string>,
  imageFailures: ImportReport["imageFailures"],
): Promise<ImportReport> {
  const t = serverT(options.locale ?? "fa");
  const exported = new Map(plan.site.items.map((item) => [item.key, item]));
  const files = pageFiles(plan, urls);
  const addresses = files.length ? await oldAddresses(db, plan) : { kept: [], refused: [] };
  const newCategories = plan.categories.filter((c) => c.state === "new");
  const now = new Date();
  const wanted = plan.items.flatMap((item) =>
    newComments(plan, exported.get(item.key)!).map((entry) => ({ ...entry, item })),
  );
  const total = files.length + wanted.length;
  let done = 0;
  const step = async () => {
    await progress(db, run, { done, total });
    await breathe();
  };

  // Every page's text is made and checked before the first write, then let go (it is made again for its batch):
  // an item that cannot be written refuses the import before a batch is written, and the texts of thousands of
  // pages are never held at once.
  for (const [at, { text }] of files.entries()) {
    text();
    if (at % 200 === 199) await breathe();
  }

  // 1. The build. Comments alone (new on items imported before) open none.
  const build = files.length
    ? await writeTransaction(db, async (tx) => {
        await stillRunning(tx, run);
        const before = await openBuildOf(tx);
        const open = await takeOpenBuild(tx, options.userId);
        if (!before) run.openedBuild = open.id;
        await tx
          .update(importRuns)
          .set({ buildId: open.id, phase: "writing", done, total })
          .where(eq(importRuns.id, run.id));
        return open;
      })
    : null;

  // 2. The pages: the addresses the preview chose must still be free (a page saved meanwhile is not overwritten).
  for (const batch of chunks(files, ROWS_PER_WRITE)) {
    const texts = batch.map(({ text }) => text());
    await writeTransaction(db, async (tx) => {
      await stillRunning(tx, run);
      const paths = batch.map(({ item }) => item.path);
      const taken = new Set(
        (
          await tx
            .select({ locale: pages.locale, path: pages.path })
            .from(pages)
            .where(inArray(pages.path, paths))
            .all()
        ).map((row) => pageKeyOf(row)),
      );
      const pending = await filesInBuild(
        tx,
        build!.id,
        batch.map(({ file }) => file),
      );
      for (const { item, file } of batch) {
        if (taken.has(pageKeyOf(item)) || pending.has(file)) {
          throw new ServiceError(409, "import.error.addressTaken", { vars: { path: item.routePath } });
        }
      }
      const ids = await tx
        .insert(commits)
        .values(
          batch.map(({ item, file }, i) => ({
            buildId: build!.id,
            authorId: options.userId,
            message: t("import.apply.message", { title: item.title }),
            path: file,
            content: texts[i]!,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning({ id: commits.id });
      await tx.insert(importCommits).values(ids.map(({ id }) => ({ runId: run.id, commitId: id })));
      await record(
        tx,
        batch.map(({ item, translationGroup }) => ({
          exportId: plan.exportId,
          key: item.key,
          kind: "item" as const,
          target: pageKeyOf(item),
          translationGroup,
          runId: run.id,
        })),
      );
    });
    done += batch.length;
    await step();
  }

  // The images, each file once, straight from where they wait: never all in memory. A file the build already
  // has (the same picture saved meanwhile) is left as it is.
  const waiting = build
    ? await db
        .select({ rowid: sql<number>`min(rowid)`, file: importMedia.file })
        .from(importMedia)
        .where(eq(importMedia.runId, run.id))
        .groupBy(importMedia.file)
        .all()
    : [];
  let images = 0;
  for (const batch of chunks(waiting, IMAGES_PER_WRITE)) {
    await writeTransaction(db, async (tx) => {
      await stillRunning(tx, run);
      const pending = await filesInBuild(
        tx,
        build!.id,
        batch.map((row) => row.file),
      );
      for (const { rowid, file } of batch) {
        if (pending.has(file)) continue;
        const message = t("import.apply.imageMessage", { name: file.slice(MEDIA_ROOT.length + 1) });
        const [written] = await tx.all<{ id: number }>(sql`
          insert into ${commits} (build_id, author_id, message, path, content, data, created_at, updated_at)
          select ${build!.id}, ${options.userId}, ${message}, file, null, data, ${now.getTime()}, ${now.getTime()}
          from ${importMedia} where rowid = ${rowid}
          returning id`);
        await tx.insert(importCommits).values({ runId: run.id, commitId: written!.id });
        images++;
      }
    });
    await breathe();
  }
  const imageRecords = [...urls].map(([address, url]) => ({
    exportId: plan.exportId,
    key: `image:${address}`,
    kind: "image" as const,
    target: url,
    runId: run.id,
  }));
  for (const batch of chunks(imageRecords, ROWS_PER_WRITE * 3)) {
    await writeTransaction(db, async (tx) => record(tx, batch));
  }

  // Comments: on new items and, for comments an earlier import did not have, on items imported before. Threads
  // here are one level deep, so every parent is a first comment: those go in first.
  const parentIds = new Map<string, number>();
  for (const row of await finishedRecords(db, plan.exportId, "comment")) parentIds.set(row.key, Number(row.target));
  const rowOf = ({ comment, parent, item }: (typeof wanted)[number]) => {
    const date = new Date(comment.date);
    const when = Number.isNaN(date.getTime()) ? now : date;
    return {
      routePath: item.routePath,
      parentId: parent === null ? null : (parentIds.get(parent) ?? null),
      authorName: comment.authorName.slice(0, 80),
      authorEmail: commenterEmail(comment.authorEmail),
      authorUrl: commenterUrl(comment.authorUrl),
      body: comment.body,
      status: comment.status,
      createdAt: when,
      updatedAt: when,
    };
  };
  /** Inserts comments and records them; ids come back in the rows' order (one writer, growing ids, sorted). */
  const writeComments = async (tx: Database, batch: typeof wanted) => {
    if (!batch.length) return;
    const returned = await tx.insert(comments).values(batch.map(rowOf)).returning({ id: comments.id });
    const ids = returned.map((row) => row.id).sort((a, b) => a - b);
    batch.forEach(({ comment }, i) => parentIds.set(comment.key, ids[i]!));
    await record(
      tx,
      batch.map(({ comment }, i) => ({
        exportId: plan.exportId,
        key: comment.key,
        kind: "comment" as const,
        target: String(ids[i]),
        runId: run.id,
      })),
    );
  };
  const rounds = [wanted.filter((c) => c.parent === null), wanted.filter((c) => c.parent !== null)];
  // On pages this import brings: not public before the build is.
  for (const round of rounds) {
    for (const batch of chunks(
      round.filter((c) => !c.item.exists),
      ROWS_PER_WRITE,
    )) {
      await writeTransaction(db, async (tx) => {
        await stillRunning(tx, run);
        await writeComments(tx, batch);
      });
      done += batch.length;
      await step();
    }
  }

  // 3. What readers would see at once, and the run's mark.
  let report!: ImportReport;
  await changeAppConfig(
    db,
    async (config, { tx }) => {
      await stillRunning(tx, run);
      for (const round of rounds) {
        for (const batch of chunks(
          round.filter((c) => c.item.exists),
          ROWS_PER_WRITE,
        )) {
          await writeComments(tx, batch);
        }
      }
      if (build) await addBuildRedirects(tx, build.id, addresses.kept, options.userId);
      await tx.delete(importMedia).where(eq(importMedia.runId, run.id));
      await tx.delete(importCommits).where(eq(importCommits.runId, run.id));
      const added = newCategories
        .filter((c) => !config.categories.some((o) => o.slug === c.slug))
        .map((c) => ({ slug: c.slug, name: c.name }));
      report = {
        runId: run.id,
        buildId: build?.id ?? null,
        pages: files.length,
        drafts: files.filter(({ item }) => item.state === "draft").length,
        categories: added.length,
        comments: wanted.length,
        images,
        imageFailures,
        existing: plan.counts.existing,
        redirects: build ? addresses.kept.length : 0,
        redirectsRefused: addresses.refused.map(({ entry, reason }) => ({ from: entry.from, to: entry.to, reason })),
      };
      await tx
        .update(importRuns)
        .set({
          state: "done",
          phase: "done",
          done: total,
          total,
          buildId: report.buildId,
          report,
          updatedAt: new Date(),
        })
        .where(eq(importRuns.id, run.id));
      return added.length ? { categories: [...config.categories, ...added] } : {};
    },
    { userId: options.userId },
  );
  return report;
}

/** Which of `files` the build already has a commit for. */
async function filesInBuild(tx: Database, buildId: number, files: string[]): Promise<Set<string>> {
  const rows = await tx
    .select({ path: commits.path })
    .from(commits)
    .where(and(eq(commits.buildId, buildId), inArray(commits.path, files)))
    .all();
  return new Set(rows.map((row) => row.path));
}
