/**
 * Applying an import plan: the whole export becomes one build, or nothing does.
 *
 * - The build is the open build (there is at most one on the site, whoever opened it), opened now when there is
 *   none: imported pages are saves in it like the editor's, reviewed and published like any other.
 * - Images first, one at a time: read from the uploads given (or fetched by address through the outbound module
 *   when allowed), checked and re-encoded as every upload is, and kept in `import_media` (not in memory) until
 *   the write. An image that cannot be had is reported and stays a link.
 * - Then one write transaction: the categories (a change of the configuration, recorded in its history), the
 *   pages as commits written as the editor writes them, the images as commits, the comments with their threads
 *   and states, and the export's keys in `imported_items`. A failure anywhere leaves the site as it was; the
 *   images kept for the run are removed with it.
 * - Importing the same export again finds its keys and adds nothing.
 * - One import at a time on the site (the "import" lease, across instances); its progress is in `import_runs`,
 *   so any instance can show it.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { takeOpenBuild } from "~/builds/builds.server";
import { composeContentFile } from "~/builds/content-file";
import { fileOfPage, pageKeyOf } from "~/builds/files";
import { commitsOf } from "~/builds/versions.server";
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
import { comments, commits, importMedia, importRuns, importedItems, media, pages } from "~/db/schema";
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
  report: ImportReport | null;
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
    report: (row.report as ImportReport | null) ?? null,
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
  const empty: ImportReport = {
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
  };
  // Nothing new: nothing is written, not even a record of the attempt.
  if (!hasWork(plan)) return empty;
  const holder = `${instanceId} ${randomUUID()}`;
  if (!(await takeLease(db, IMPORT_LEASE, LEASE_MS, { holder }))) throw new ServiceError(409, "import.error.busy");
  let run: Run | undefined;
  try {
    const wanted = wantedImages(plan).length;
    const [row] = await db
      .insert(importRuns)
      .values({ exportId: plan.exportId, userId: options.userId, total: wanted, phase: "images" })
      .returning({ id: importRuns.id });
    run = { id: row!.id, holder };
    // Another run still marked running stopped with its instance (this one holds the lease now): its images go.
    const stopped = await db
      .select({ id: importRuns.id })
      .from(importRuns)
      .where(and(eq(importRuns.state, "running"), ne(importRuns.id, run.id)))
      .all();
    if (stopped.length) {
      const ids = stopped.map((r) => r.id);
      await db.delete(importMedia).where(inArray(importMedia.runId, ids));
      await db.update(importRuns).set({ state: "failed" }).where(inArray(importRuns.id, ids));
    }
    const { urls, failures } = await stageImages(db, plan, run, options);
    await progress(db, run, { phase: "writing" });
    const report = await writeImport(db, plan, run, options, urls);
    const done = { ...report, imageFailures: failures };
    await progress(db, run, { state: "done", phase: "done", buildId: done.buildId, report: done });
    return done;
  } catch (error) {
    if (run) {
      await db.delete(importMedia).where(eq(importMedia.runId, run.id));
      const reason = error instanceof ServiceError ? error.key : "failed";
      await db
        .update(importRuns)
        .set({ state: "failed", report: { error: reason }, updatedAt: new Date() })
        .where(eq(importRuns.id, run.id));
    }
    throw error;
  } finally {
    await releaseLease(db, IMPORT_LEASE, holder);
  }
}

/** Rows written `size` at a time: one statement per batch keeps the write lock short. */
async function inBatches<T>(rows: readonly T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += size) await write(rows.slice(at, at + size));
}

/**
 * Inserts comments a batch at a time; their ids in the rows' order. One writer holds the database, so ids grow
 * in the order the rows are written: sorted, the returned ids follow the rows whatever order they come back in.
 */
async function insertComments(tx: Database, rows: (typeof comments.$inferInsert)[]): Promise<number[]> {
  const ids: number[] = [];
  await inBatches(rows, 200, async (batch) => {
    const returned = await tx.insert(comments).values(batch).returning({ id: comments.id });
    ids.push(...returned.map((row) => row.id).sort((a, b) => a - b));
  });
  return ids;
}

/** The new items' files as the editor writes them, made before the write transaction so it stays short. */
function pageFiles(plan: ImportPlan, urls: ReadonlyMap<string, string>) {
  const exported = new Map(plan.site.items.map((item) => [item.key, item]));
  const translations = translationsOf(plan);
  return plan.items
    .filter((item) => !item.exists)
    .map((item) => {
      const source = exported.get(item.key)!;
      const markdown = rewriteImageAddresses(source.markdown, urls, source.images);
      if (markdownLimitProblem(markdown)) {
        throw new ServiceError(422, "import.error.pageNotWritable", { vars: { title: item.title } });
      }
      try {
        const thumbnail = thumbnailOf(source.featuredImage, urls, plan.site.baseUrl);
        const front = frontMatterOf(item, source, thumbnail, translations.get(item.key));
        const text = composeContentFile(null, front, markdown);
        return { item, file: fileOfPage(item.locale, item.path), text, translationGroup: source.translationGroup };
      } catch (error) {
        if (!(error instanceof ContentParseError)) throw error;
        throw new ServiceError(422, "import.error.pageNotWritable", { vars: { title: item.title } });
      }
    });
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

/** The one write transaction (see the module's comment). */
async function writeImport(
  db: Database,
  plan: ImportPlan,
  run: Run,
  options: ApplyOptions,
  urls: ReadonlyMap<string, string>,
): Promise<ImportReport> {
  const t = serverT(options.locale ?? "fa");
  const exported = new Map(plan.site.items.map((item) => [item.key, item]));
  const files = pageFiles(plan, urls);
  const addresses = files.length ? await oldAddresses(db, plan) : { kept: [], refused: [] };
  const newCategories = plan.categories.filter((c) => c.state === "new");
  let report!: ImportReport;
  await changeAppConfig(
    db,
    async (config, { tx }) => {
      // Comments alone (new on items imported before) open no build.
      const build = files.length ? await takeOpenBuild(tx, options.userId) : null;
      const pending = build ? await commitsOf(tx, build.id) : [];
      // The addresses the preview chose must still be free: a page saved meanwhile is not overwritten.
      const taken = new Set(
        (await tx.select({ locale: pages.locale, path: pages.path }).from(pages).all()).map((row) => pageKeyOf(row)),
      );
      const pendingFiles = new Set(pending.map((c) => c.path));
      for (const { item, file } of files) {
        if (taken.has(pageKeyOf(item)) || pendingFiles.has(file)) {
          throw new ServiceError(409, "import.error.addressTaken", { vars: { path: item.routePath } });
        }
      }
      const now = new Date();
      await inBatches(files, 50, (batch) =>
        tx.insert(commits).values(
          batch.map(({ item, file, text }) => ({
            buildId: build!.id,
            authorId: options.userId,
            message: t("import.apply.message", { title: item.title }),
            path: file,
            content: text,
            createdAt: now,
            updatedAt: now,
          })),
        ),
      );
      const recorded: (typeof importedItems.$inferInsert)[] = files.map(({ item, translationGroup }) => ({
        exportId: plan.exportId,
        key: item.key,
        kind: "item",
        target: pageKeyOf(item),
        translationGroup,
        runId: run.id,
      }));

      // The images, each file once, straight from where they wait: never all in memory.
      const waiting = await tx
        .select({ rowid: sql<number>`min(rowid)`, file: importMedia.file })
        .from(importMedia)
        .where(eq(importMedia.runId, run.id))
        .groupBy(importMedia.file)
        .all();
      let images = 0;
      for (const { rowid, file } of build ? waiting : []) {
        if (pendingFiles.has(file)) continue;
        const message = t("import.apply.imageMessage", { name: file.slice(MEDIA_ROOT.length + 1) });
        await tx.run(sql`
          insert into ${commits} (build_id, author_id, message, path, content, data, created_at, updated_at)
          select ${build!.id}, ${options.userId}, ${message}, file, null, data, ${now.getTime()}, ${now.getTime()}
          from ${importMedia} where rowid = ${rowid}`);
        images++;
      }
      for (const [address, url] of urls) {
        recorded.push({ exportId: plan.exportId, key: `image:${address}`, kind: "image", target: url, runId: run.id });
      }
      await tx.delete(importMedia).where(eq(importMedia.runId, run.id));
      if (build) await addBuildRedirects(tx, build.id, addresses.kept, options.userId);

      // Comments: on new items and, for comments an earlier import did not have, on items imported before.
      // Threads here are one level deep, so every parent is a first comment: those go in first.
      const parentIds = new Map<string, number>();
      const earlier = await tx
        .select({ key: importedItems.key, target: importedItems.target })
        .from(importedItems)
        .where(and(eq(importedItems.exportId, plan.exportId), eq(importedItems.kind, "comment")))
        .all();
      for (const row of earlier) parentIds.set(row.key, Number(row.target));
      const wanted = plan.items.flatMap((item) =>
        newComments(plan, exported.get(item.key)!).map((entry) => ({ ...entry, item })),
      );
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
      for (const round of [wanted.filter((c) => c.parent === null), wanted.filter((c) => c.parent !== null)]) {
        const ids = await insertComments(tx, round.map(rowOf));
        round.forEach(({ comment }, i) => {
          parentIds.set(comment.key, ids[i]!);
          recorded.push({
            exportId: plan.exportId,
            key: comment.key,
            kind: "comment",
            target: String(ids[i]),
            runId: run.id,
          });
        });
      }
      await inBatches(recorded, 500, (batch) => tx.insert(importedItems).values(batch).onConflictDoNothing());

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
        imageFailures: [],
        existing: plan.counts.existing,
        redirects: build ? addresses.kept.length : 0,
        redirectsRefused: addresses.refused.map(({ entry, reason }) => ({ from: entry.from, to: entry.to, reason })),
      };
      return added.length ? { categories: [...config.categories, ...added] } : {};
    },
    { userId: options.userId },
  );
  return report;
}
