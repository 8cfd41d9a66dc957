/**
 * A page's history: every published build that changed its file, newest first, and its change in the open build.
 * Read from the builds' own commits (each published one keeps the file's text after it and before it), so every
 * instance answers the same without its git repository. A page that moved keeps its history: the walk follows
 * each rename back to the file it came from.
 */
import { and, desc, eq, gte, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { builds, commits, users } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";
import { personName } from "./builds.server";
import type { PageAddress } from "./files";
import { blobId } from "./git/objects.server";
import {
  commitsOf,
  latestVersion,
  openBuildOf,
  publishedByFile,
  publishedFileOf,
  publishedPage,
} from "./versions.server";

export type VersionAction = "added" | "changed" | "renamed" | "deleted";

export interface PageVersion {
  /** The commit that made this version: the id the diff and the restore name. */
  id: number;
  /** Its build's place in the site's history; null for the open build's change (not published yet). */
  sequence: number | null;
  /** When it was published (or last saved, for the open build's change). */
  at: string;
  /** Who published it (or who saved it, for the open build's change). */
  by: string;
  /** The change's own line in its build's message. */
  message: string;
  action: VersionAction;
  file: string;
  /** The file it moved from (a rename). */
  fromFile: string | null;
  /** Its text is the page's text now (the newest version): there is nothing to restore. */
  current: boolean;
}

export interface PageHistory {
  versions: PageVersion[];
  /** Where the next page of older versions starts (`before`), or null when this is the oldest. */
  next: number | null;
  /** The version the editor opens now (a save or restore names it), or null when the page has none. */
  hash: string | null;
}

export const HISTORY_PAGE = 20;
/** How many moves back the walk follows: a page moved more often than this shows its history since then. */
const MAX_MOVES = 100;

/** The stretch of the history in which the page lived in one file: sequences from `from` (inclusive) to `until`. */
interface Stretch {
  file: string;
  from: number;
  until: number;
}

/** Published sequences run from 1 (the baseline) up: this stands for "after every one". */
const NEWEST = Number.MAX_SAFE_INTEGER;

/**
 * The files the page lived in, newest first, walking back from `file` through each published rename into it, to
 * where the page was added: a file deleted and later written again starts a new page, and another page that once
 * lived in the file (and moved away) has its own history. One indexed read per file.
 */
async function stretchesOf(db: Database, file: string): Promise<Stretch[]> {
  const stretches: Stretch[] = [];
  let current = { file, until: NEWEST };
  for (let moves = 0; moves <= MAX_MOVES; moves++) {
    // The newest change into this file that began its stay there: a move into it, or the file added.
    const start = await db
      .select({ fromPath: commits.fromPath, sequence: builds.sequence })
      .from(commits)
      .innerJoin(builds, eq(builds.id, commits.buildId))
      .where(
        and(
          eq(commits.path, current.file),
          or(
            isNotNull(commits.fromPath),
            and(isNull(commits.previous), or(isNotNull(commits.content), isNotNull(commits.data))),
          ),
          isNotNull(builds.sequence),
          lt(builds.sequence, current.until),
        ),
      )
      .orderBy(desc(builds.sequence))
      .get();
    if (!start || start.sequence === null) break;
    stretches.push({ ...current, from: start.sequence });
    if (!start.fromPath) return stretches;
    current = { file: start.fromPath, until: start.sequence };
  }
  stretches.push({ ...current, from: 0 });
  return stretches;
}

function actionOf(row: { fromPath: string | null; isDelete: number; existed: boolean }): VersionAction {
  if (row.fromPath) return "renamed";
  if (row.isDelete) return "deleted";
  return row.existed ? "changed" : "added";
}

/** Where the page's history starts: its change in the open build (if any) and the published file it came from. */
async function startOf(db: Database, address: PageAddress) {
  const open = await openBuildOf(db);
  const pending = open ? await commitsOf(db, open.id) : [];
  const latest = latestVersion(address, await publishedPage(db, address), pending);
  return { latest, file: latest ? latest.origin : null };
}

/** A page of the page's history: the open build's change first, then published versions older than `before`. */
export async function pageHistory(
  db: Database,
  address: PageAddress,
  { before, limit = HISTORY_PAGE }: { before?: number; limit?: number } = {},
): Promise<PageHistory> {
  const { latest, file } = await startOf(db, address);
  if (!latest) return { versions: [], next: null, hash: null };
  const names = new Map<number, string>();
  const nameOf = async (id: number | null) => {
    if (id === null) return "";
    if (!names.has(id)) {
      const row = await db.select().from(users).where(eq(users.id, id)).get();
      names.set(id, row ? personName(row) : "");
    }
    return names.get(id)!;
  };

  const versions: PageVersion[] = [];
  if (latest.pending && !before) {
    const commit = latest.pending;
    versions.push({
      id: commit.id,
      sequence: null,
      at: commit.updatedAt.toISOString(),
      by: await nameOf(commit.authorId),
      message: commit.message,
      action: actionOf({
        fromPath: commit.fromPath,
        isDelete: commit.content === null ? 1 : 0,
        existed: latest.origin !== null,
      }),
      file: commit.path,
      fromFile: commit.fromPath,
      current: true,
    });
  }

  let more = false;
  if (file) {
    const upTo = before ?? NEWEST;
    for (const stretch of await stretchesOf(db, file)) {
      if (stretch.from >= upTo) continue;
      const wanted = limit - versions.length;
      const rows = await db
        .select({
          id: commits.id,
          path: commits.path,
          fromPath: commits.fromPath,
          message: commits.message,
          // Neither text nor bytes: the file deleted (read without the texts: only the list's facts).
          isDelete: sql`(${commits.content} is null and ${commits.data} is null)`.mapWith(Number),
          existed: sql`(${commits.previous} is not null)`.mapWith(Boolean),
          sequence: builds.sequence,
          publishedAt: builds.publishedAt,
          by: builds.authorName,
        })
        .from(commits)
        .innerJoin(builds, eq(builds.id, commits.buildId))
        .where(
          and(
            eq(commits.path, stretch.file),
            gte(builds.sequence, stretch.from),
            lt(builds.sequence, Math.min(stretch.until, upTo)),
          ),
        )
        .orderBy(desc(builds.sequence))
        .limit(wanted + 1)
        .all();
      for (const row of rows.slice(0, wanted)) {
        versions.push({
          id: row.id,
          sequence: row.sequence,
          at: (row.publishedAt ?? new Date(0)).toISOString(),
          by: row.by ?? "",
          message: row.message,
          action: actionOf(row),
          file: row.path,
          fromFile: row.fromPath,
          current: !before && versions.length === 0,
        });
      }
      if (rows.length > wanted) {
        more = true;
        break;
      }
    }
  }
  const last = versions.at(-1);
  return {
    versions,
    next: more && last?.sequence ? last.sequence : null,
    hash: blobId(latest.text),
  };
}

export interface VersionTexts {
  version: PageVersion["id"];
  /** The text the version compares against: the one before it, or the page's latest text. Null: no file. */
  before: string | null;
  /** The text of the version itself, or the page's latest text. Null: the file deleted. */
  after: string | null;
}

/**
 * The commit `id` when it is a version of the page at `address` (published in one of the files the page lived
 * in, at the time it lived there, or its change in the open build); else a 404, so no other file is read.
 */
async function versionOfPage(db: Database, address: PageAddress, id: number) {
  const { latest, file } = await startOf(db, address);
  if (!latest) throw new ServiceError(404, "editor.history.notFound");
  if (latest.pending?.id === id) {
    const origin = latest.origin ? await publishedByFile(db, latest.origin) : undefined;
    return {
      text: latest.pending.content,
      previous: origin ? publishedFileOf(origin).text : null,
      latest,
    };
  }
  const row = await db
    .select({ commit: commits, sequence: builds.sequence })
    .from(commits)
    .innerJoin(builds, eq(builds.id, commits.buildId))
    .where(and(eq(commits.id, id), isNotNull(builds.sequence)))
    .get();
  const sequence = row?.sequence ?? null;
  const within =
    row &&
    file &&
    sequence !== null &&
    (await stretchesOf(db, file)).some((s) => s.file === row.commit.path && sequence >= s.from && sequence < s.until);
  if (!row || !within || row.commit.data !== null) throw new ServiceError(404, "editor.history.notFound");
  return { text: row.commit.content, previous: row.commit.previous, latest };
}

/** The two texts a version's diff compares: against the version before it, or against the page as it is now. */
export async function versionTexts(
  db: Database,
  address: PageAddress,
  id: number,
  against: "previous" | "current",
): Promise<VersionTexts> {
  const version = await versionOfPage(db, address, id);
  return against === "previous"
    ? { version: id, before: version.previous, after: version.text }
    : { version: id, before: version.text, after: version.latest.text };
}

/** The text of a version of the page at `address`, to restore it (null: the version deleted the file). */
export async function versionText(db: Database, address: PageAddress, id: number): Promise<string | null> {
  return (await versionOfPage(db, address, id)).text;
}
