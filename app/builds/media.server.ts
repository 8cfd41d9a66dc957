/**
 * Media files of posts: an upload becomes a commit of the open build (`media/<key>-<name>.<ext>` with its bytes),
 * published with the build and committed to git with it; only then does the image service serve it. Until then
 * the file is shown only to those who may write (the editor and the preview show it from the commit).
 */
import { and, desc, eq, inArray, isNotNull, isNull, like, notInArray, sql } from "drizzle-orm";
import type { CurrentUser } from "~/auth/current-user.server";
import { takeOpenBuild, personName } from "~/builds/builds.server";
import { openBuildOf } from "~/builds/versions.server";
import type { Database } from "~/db/client.server";
import { commits, media, pages, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { serverT } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import { isMediaPath, MEDIA_ROOT, mediaSlug, mediaUrl } from "~/media/paths";
import { formatOf } from "~/lib/image-sizes";
import { processUpload } from "~/media/upload.server";
import { localizePath } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { pageOfFile } from "./files";

export interface UploadedMedia {
  /** "media/3f2a…-sunset.jpg" */
  file: string;
  /** "/media/3f2a…-sunset.jpg": what the page's markdown refers to. */
  url: string;
  width: number;
  height: number;
  /** Already published (the same picture was uploaded before): no commit was needed. */
  published: boolean;
}

/** Checks, re-encodes and adds an upload to the open build (see the module's comment). */
export async function uploadMedia(
  db: Database,
  user: Pick<CurrentUser, "id">,
  bytes: Uint8Array,
  fileName: string,
  locale: Locale,
): Promise<UploadedMedia> {
  const image = await processUpload(bytes);
  const file = `${MEDIA_ROOT}/${image.key}-${mediaSlug(fileName)}.${formatOf(image.mime)}`;
  const result = { file, url: mediaUrl(file), width: image.width, height: image.height };
  return writeTransaction(db, async (tx) => {
    // The same bytes under any name are the same picture: use the one already published.
    const same = await tx.select({ path: media.path }).from(media).where(eq(media.key, image.key)).get();
    if (same) return { ...result, file: same.path, url: mediaUrl(same.path), published: true };
    const build = await takeOpenBuild(tx, user.id);
    const pending = await tx
      .select({ id: commits.id, path: commits.path })
      .from(commits)
      .where(and(eq(commits.buildId, build.id), like(commits.path, `${MEDIA_ROOT}/${image.key}-%`)))
      .get();
    if (pending) return { ...result, file: pending.path, url: mediaUrl(pending.path), published: false };
    const now = new Date();
    await tx.insert(commits).values({
      buildId: build.id,
      authorId: user.id,
      message: serverT(locale)("media.message.upload", { name: fileName || file.slice(MEDIA_ROOT.length + 1) }),
      path: file,
      content: null,
      data: Buffer.from(image.data),
      createdAt: now,
      updatedAt: now,
    });
    return { ...result, published: false };
  });
}

export interface MediaBytes {
  data: Buffer;
  mime: string;
  /** Published (public, cached for good) or only in the open build (shown to writers, never cached). */
  published: boolean;
}

/** A media file's bytes: published, or (for those who may write) pending in the open build. */
export async function mediaFile(db: Database, file: string, mayWrite: boolean): Promise<MediaBytes | null> {
  if (!isMediaPath(file)) return null;
  const published = await db
    .select({ data: media.data, mime: media.mime })
    .from(media)
    .where(eq(media.path, file))
    .get();
  if (published) return { data: Buffer.from(published.data), mime: published.mime, published: true };
  if (!mayWrite) return null;
  const open = await openBuildOf(db);
  if (!open) return null;
  const pending = await db
    .select({ data: commits.data })
    .from(commits)
    .where(and(eq(commits.buildId, open.id), eq(commits.path, file), isNotNull(commits.data)))
    .get();
  if (!pending?.data) return null;
  const ext = file.slice(file.lastIndexOf(".") + 1);
  const mime = { jpg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif", gif: "image/gif" }[ext]!;
  return { data: Buffer.from(pending.data), mime, published: false };
}

// ── The media list ─────────────────────────────────────────────────────────

export interface MediaUsage {
  locale: Locale;
  path: string;
  title: string;
}

export interface MediaItem {
  file: string;
  url: string;
  /** The image service's key (null while the file waits in the open build). */
  key: string | null;
  width: number | null;
  height: number | null;
  size: number;
  /** Published, waiting in the open build, or published and deleted by the open build. */
  status: "published" | "pending" | "deleting";
  uploadedBy: string | null;
  createdAt: string;
  /** The published pages whose text refers to it. */
  usedIn: MediaUsage[];
}

export const MEDIA_PAGE_SIZE = 24;

/** Published media and media waiting in the open build, newest first, with the pages that use each. */
export async function listMedia(
  db: Database,
  { q, page }: { q?: string; page: number },
): Promise<{ items: MediaItem[]; total: number; page: number; pageCount: number }> {
  const people = new Map((await db.select().from(users).all()).map((u) => [u.id, personName(u)]));
  const open = await openBuildOf(db);
  const pendingRows = open
    ? await db
        .select({
          path: commits.path,
          size: sql<number>`length(${commits.data})`,
          authorId: commits.authorId,
          createdAt: commits.createdAt,
        })
        .from(commits)
        .where(and(eq(commits.buildId, open.id), isNotNull(commits.data), like(commits.path, `${MEDIA_ROOT}/%`)))
        .orderBy(desc(commits.id))
        .all()
    : [];
  const deleting = new Set(
    open
      ? (
          await db
            .select({ path: commits.path })
            .from(commits)
            .where(
              and(
                eq(commits.buildId, open.id),
                isNull(commits.data),
                isNull(commits.content),
                like(commits.path, `${MEDIA_ROOT}/%`),
              ),
            )
            .all()
        ).map((row) => row.path)
      : [],
  );
  const publishedRows = await db
    .select({
      path: media.path,
      key: media.key,
      width: media.width,
      height: media.height,
      size: media.size,
      uploadedBy: media.uploadedBy,
      createdAt: media.createdAt,
    })
    .from(media)
    .orderBy(desc(media.createdAt), desc(media.path))
    .all();
  const all: Omit<MediaItem, "usedIn">[] = [
    ...pendingRows.map((row) => ({
      file: row.path,
      url: mediaUrl(row.path),
      key: null,
      width: null,
      height: null,
      size: row.size,
      status: "pending" as const,
      uploadedBy: row.authorId ? (people.get(row.authorId) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
    })),
    ...publishedRows.map((row) => ({
      file: row.path,
      url: mediaUrl(row.path),
      key: row.key,
      width: row.width,
      height: row.height,
      size: row.size,
      status: deleting.has(row.path) ? ("deleting" as const) : ("published" as const),
      uploadedBy: row.uploadedBy ? (people.get(row.uploadedBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
    })),
  ];
  const needle = q?.toLowerCase();
  const matching = needle ? all.filter((item) => item.file.toLowerCase().includes(needle)) : all;
  const pageCount = Math.max(1, Math.ceil(matching.length / MEDIA_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const slice = matching.slice((current - 1) * MEDIA_PAGE_SIZE, current * MEDIA_PAGE_SIZE);
  const items = await Promise.all(
    slice.map(async (item) => ({
      ...item,
      usedIn: await db
        .select({ locale: pages.locale, path: pages.path, title: pages.title })
        .from(pages)
        .where(sql`instr(${pages.body}, ${item.url}) > 0 or instr(coalesce(${pages.thumbnail}, ''), ${item.url}) > 0`)
        .orderBy(pages.locale, pages.path)
        .all(),
    })),
  );
  return { items, total: matching.length, page: current, pageCount };
}

// ── Images no page uses ────────────────────────────────────────────────────

/** The forms a page's text may give a media file's address in: as written, or percent-encoded. */
function addressForms(file: string): string[] {
  const url = mediaUrl(file);
  const encoded = encodeURI(url);
  return encoded === url ? [url] : [url, encoded];
}

/** Whether a page would use the image `file` once the build of `rows` is published (written there, or left as it is). */
async function usedAfterPublish(
  db: Database,
  file: string,
  rows: readonly { path: string; content: string | null }[],
): Promise<boolean> {
  const written = rows.filter((row) => !isMediaPath(row.path));
  const forms = addressForms(file);
  if (written.some((row) => row.content !== null && forms.some((form) => row.content!.includes(form)))) return true;
  const writtenFiles = written.map((row) => row.path);
  const uses = sql.join(
    forms.map(
      (form) => sql`(instr(${pages.body}, ${form}) > 0 or instr(coalesce(${pages.thumbnail}, ''), ${form}) > 0)`,
    ),
    sql` or `,
  );
  const kept = writtenFiles.length
    ? and(sql`(${uses})`, sql`(${pages.file} is null or ${notInArray(pages.file, writtenFiles)})`)
    : sql`(${uses})`;
  return (await db.select({ id: pages.id }).from(pages).where(kept).limit(1).get()) !== undefined;
}

/**
 * The images a build adds that no page would use once it is published (an upload whose dialog was cancelled, an
 * image taken out of the text before saving): neither a page the build writes nor a published page it leaves
 * as it is refers to them, in its text or as its thumbnail. They are left out of the publish: an image no page
 * uses is not committed. So are the deletions of images a page would still use (one the build's text took up
 * again after the image was deleted): a page never loses its picture.
 */
export async function unusedMediaOf(
  db: Database,
  rows: readonly { path: string; content: string | null; data: Buffer | null }[],
): Promise<string[]> {
  const media = rows.filter((row) => isMediaPath(row.path));
  const leftOut: string[] = [];
  for (const row of media) {
    const used = await usedAfterPublish(db, row.path, rows);
    if (row.data !== null ? !used : used) leftOut.push(row.path);
  }
  return leftOut;
}

/** Takes the images `files` out of the build `buildId`. */
export async function dropFromBuild(db: Database, buildId: number, files: readonly string[]): Promise<void> {
  if (files.length === 0) return;
  await db.delete(commits).where(and(eq(commits.buildId, buildId), inArray(commits.path, [...files])));
}

// ── Deleting an image ──────────────────────────────────────────────────────

/**
 * A page that uses the image `file`: a published page (a draft too: its file is in the repository) in its text
 * or as its thumbnail, or a page the open build writes. Undefined when none does.
 */
async function pageUsing(db: Database, file: string, buildId: number | null): Promise<MediaUsage | undefined> {
  const forms = addressForms(file);
  const uses = sql.join(
    forms.map(
      (form) => sql`(instr(${pages.body}, ${form}) > 0 or instr(coalesce(${pages.thumbnail}, ''), ${form}) > 0)`,
    ),
    sql` or `,
  );
  const published = await db
    .select({ locale: pages.locale, path: pages.path, title: pages.title })
    .from(pages)
    .where(sql`(${uses})`)
    .orderBy(pages.locale, pages.path)
    .limit(1)
    .get();
  if (published) return published;
  if (buildId === null) return undefined;
  const writes = sql.join(
    forms.map((form) => sql`instr(${commits.content}, ${form}) > 0`),
    sql` or `,
  );
  const written = await db
    .select({ path: commits.path })
    .from(commits)
    .where(and(eq(commits.buildId, buildId), isNotNull(commits.content), sql`(${writes})`))
    .orderBy(commits.path)
    .limit(1)
    .get();
  if (!written) return undefined;
  const page = pageOfFile(written.path);
  return { locale: page?.locale ?? "fa", path: page?.path ?? written.path, title: written.path };
}

/**
 * Deletes an image no page uses. One waiting in the open build leaves it (it was never published); a published
 * one is deleted by a commit of the open build, so the build's publish takes it out of the site, its variants
 * and the repository, and the build's history records who did it. An image a page uses is refused (409),
 * naming the page.
 */
export async function deleteMedia(
  db: Database,
  user: Pick<CurrentUser, "id">,
  file: string,
  locale: Locale,
): Promise<{ file: string; pending: boolean }> {
  if (!isMediaPath(file)) throw new ServiceError(404, "media.delete.notFound");
  return writeTransaction(db, async (tx) => {
    const open = await openBuildOf(tx);
    const upload = open
      ? await tx
          .select({ id: commits.id })
          .from(commits)
          .where(and(eq(commits.buildId, open.id), eq(commits.path, file), isNotNull(commits.data)))
          .get()
      : undefined;
    const published = await tx.select({ path: media.path }).from(media).where(eq(media.path, file)).get();
    if (!upload && !published) throw new ServiceError(404, "media.delete.notFound");
    const usedBy = await pageUsing(tx, file, open?.id ?? null);
    if (usedBy) {
      throw new ServiceError(409, "media.delete.inUse", {
        vars: { page: `\u2068${usedBy.title}\u2069`, address: localizePath(usedBy.path, usedBy.locale) },
      });
    }
    if (upload) await tx.delete(commits).where(eq(commits.id, upload.id));
    if (!published) return { file, pending: false };
    const build = await takeOpenBuild(tx, user.id);
    const already = await tx
      .select({ id: commits.id })
      .from(commits)
      .where(and(eq(commits.buildId, build.id), eq(commits.path, file)))
      .get();
    if (already) return { file, pending: true };
    const now = new Date();
    await tx.insert(commits).values({
      buildId: build.id,
      authorId: user.id,
      message: serverT(locale)("media.message.delete", { name: file.slice(MEDIA_ROOT.length + 1) }),
      path: file,
      content: null,
      data: null,
      createdAt: now,
      updatedAt: now,
    });
    return { file, pending: true };
  });
}
