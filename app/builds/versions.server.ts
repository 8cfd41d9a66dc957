/**
 * The versions of a page: published (the `pages` row: its file and text) and pending (a commit in the open build).
 * The latest version is the pending one when there is one: the editor opens it, and a save must be based on it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { serializeContentFile } from "~/content/front-matter";
import type { Database } from "~/db/client.server";
import { builds, commits, pages } from "~/db/schema";
import { fileOfPage, pageKeyOf, pageOfFile, type PageAddress } from "./files";

export type PageRow = typeof pages.$inferSelect;
export type CommitRow = typeof commits.$inferSelect;

/**
 * A page's file and text as published. Rows written before the editor existed have neither: they are made from
 * the row (the history's baseline records them once, see history.server.ts).
 */
export function publishedFileOf(row: PageRow): { file: string; text: string } {
  return {
    file: row.file ?? fileOfPage(row.locale, row.path),
    text:
      row.source ??
      serializeContentFile(
        {
          title: row.title,
          description: row.description,
          date: row.date ?? undefined,
          category: (row.category ?? undefined) as never,
          tags: row.tags,
          thumbnail: row.thumbnail ?? undefined,
          author: row.author ?? undefined,
          translationOf: row.translationOf ?? undefined,
          seoTitle: row.seoTitle ?? undefined,
          seoDescription: row.seoDescription ?? undefined,
          publishAt: row.publishAt?.toISOString(),
          toc: row.toc,
          comments: row.comments,
          draft: row.draft,
          intro: row.intro,
        },
        row.body,
      ),
  };
}

export async function openBuildOf(db: Database) {
  return db.select().from(builds).where(eq(builds.status, "open")).get();
}

export async function commitsOf(db: Database, buildId: number): Promise<CommitRow[]> {
  return db.select().from(commits).where(eq(commits.buildId, buildId)).orderBy(commits.id).all();
}

export async function publishedPage(db: Database, address: PageAddress): Promise<PageRow | undefined> {
  return db
    .select()
    .from(pages)
    .where(and(eq(pages.locale, address.locale), eq(pages.path, address.path)))
    .get();
}

export async function publishedByFile(db: Database, file: string): Promise<PageRow | undefined> {
  const row = await db.select().from(pages).where(eq(pages.file, file)).get();
  if (row) return row;
  // A row from before the editor: its file is the one its address gives.
  const address = pageOfFile(file);
  if (!address) return undefined;
  const legacy = await db
    .select()
    .from(pages)
    .where(and(eq(pages.locale, address.locale), eq(pages.path, address.path), isNull(pages.file)))
    .get();
  return legacy && fileOfPage(legacy.locale, legacy.path) === file ? legacy : undefined;
}

export interface LatestVersion {
  /** The file it is in. */
  file: string;
  text: string;
  /** It is a commit in the open build (not yet published). */
  pending: CommitRow | null;
  /** The published file this page came from (null: never published). */
  origin: string | null;
}

/**
 * The latest version of the page at `address`: a commit in the open build writing it, else the published page
 * unless the open build deletes or moves it away. Null when there is none.
 */
export function latestVersion(
  address: PageAddress,
  published: PageRow | undefined,
  pending: readonly CommitRow[],
): LatestVersion | null {
  const key = pageKeyOf(address);
  const writing = pending.find((c) => c.content !== null && keyOfFile(c.path) === key);
  if (writing) {
    return { file: writing.path, text: writing.content!, pending: writing, origin: originOf(writing, published) };
  }
  if (!published) return null;
  const { file, text } = publishedFileOf(published);
  const gone = pending.some((c) => c.fromPath === file || (c.content === null && c.path === file));
  return gone ? null : { file, text, pending: null, origin: file };
}

function keyOfFile(file: string): string | null {
  const address = pageOfFile(file);
  return address ? pageKeyOf(address) : null;
}

/** The published file a pending commit changes (its rename source, or its own path when that is published). */
function originOf(commit: CommitRow, published: PageRow | undefined): string | null {
  if (commit.fromPath) return commit.fromPath;
  if (published && publishedFileOf(published).file === commit.path) return commit.path;
  return null;
}

/** Whether the open build holds a change for the page at (locale, path): the items list marks it. */
export function pendingKeys(pending: readonly CommitRow[]): Set<string> {
  const keys = new Set<string>();
  for (const commit of pending) {
    for (const file of [commit.path, commit.fromPath]) {
      const key = file ? keyOfFile(file) : null;
      if (key) keys.add(key);
    }
  }
  return keys;
}
