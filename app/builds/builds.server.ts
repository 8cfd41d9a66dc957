/**
 * Builds collect the editor's saves. There is at most one open build (a unique index on open builds settles two
 * instances opening it at once); each save is a commit in it, one per page: saving a page again replaces its
 * commit. A save names the version it started from, and is refused when the page changed since (another
 * editor's save, or a published build), so nobody's writing is overwritten without their knowing.
 */
import { desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { CurrentUser } from "~/auth/current-user.server";
import { isCategory } from "~/content/categories.server";
import { ContentParseError, parseContentFile, type FrontMatterInput } from "~/content/front-matter";
import { markdownLimitProblem } from "~/content/markdown/limits";
import type { Database } from "~/db/client.server";
import { buildPushes, builds, commits, pages, users } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { composeContentFile } from "~/builds/content-file";
import type { CommitInput, FrontMatterFields } from "~/builds/commit-schema";
import { serverT } from "~/i18n/catalogs.server";
import type { Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { fileOfPage, pageKeyOf, pageOfFile, type PageAddress } from "./files";
import { blobId } from "./git/objects.server";
import {
  commitsOf,
  latestVersion,
  openBuildOf,
  publishedByFile,
  publishedFileOf,
  publishedPage,
  type CommitRow,
} from "./versions.server";

/** "2026-11-25 14:03:27": the open build's name, the time it was opened (UTC). */
export function buildName(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

/** The open build, opened now when there is none. Call inside a write transaction. */
export async function takeOpenBuild(tx: Database, userId: number | null, now = new Date()) {
  const open = await openBuildOf(tx);
  if (open) return open;
  // Names are unique: a build's commit is recognised on a remote by "Build <name>".
  let name = buildName(now);
  for (let n = 2; await tx.select({ id: builds.id }).from(builds).where(eq(builds.name, name)).get(); n++) {
    name = `${buildName(now)} (${n})`;
  }
  // The unique index on open builds makes a second insert do nothing: whoever came first opened it.
  await tx
    .insert(builds)
    .values({ name, status: "open", createdBy: userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  return (await openBuildOf(tx))!;
}

export interface PageSource {
  locale: Locale;
  path: string;
  /** The file the page is in (or will be, for a new page). */
  file: string;
  exists: boolean;
  /** Front matter and body as one text: what is edited. */
  text: string;
  /** The version to name when saving (null: a new page). */
  hash: string | null;
  /** The version is a commit in the open build, not yet published. */
  pending: boolean;
  /** The page is published (whatever the open build does to it). */
  published: boolean;
}

/** The latest version of a page, for the editor to open. */
export async function pageSource(db: Database, address: PageAddress): Promise<PageSource> {
  const open = await openBuildOf(db);
  const pending = open ? await commitsOf(db, open.id) : [];
  const published = await publishedPage(db, address);
  const latest = latestVersion(address, published, pending);
  return {
    ...address,
    file: latest?.file ?? (published ? publishedFileOf(published).file : fileOfPage(address.locale, address.path)),
    exists: latest !== null,
    text: latest?.text ?? "",
    hash: latest ? blobId(latest.text) : null,
    pending: latest?.pending != null,
    published: published !== undefined,
  };
}

export interface SavedCommit {
  buildId: number;
  /** The commit, or null when the save made the page what is published again (nothing left to publish). */
  commitId: number | null;
  file: string | null;
  /** The version the editor now holds. */
  hash: string | null;
}

function conflict(key: MessageKey, vars?: Record<string, string>): never {
  throw new ServiceError(409, key, { vars });
}

/**
 * Records a save (or a deletion) in the open build, in one write transaction: the version check, the merge with
 * the page's earlier commit in the build and the write cannot be separated by another save.
 */
export async function saveCommit(
  db: Database,
  user: Pick<CurrentUser, "id">,
  input: CommitInput,
  locale: Locale,
  /** The file's whole text, written as it is in place of one made from the form (an earlier version restored). */
  written?: string,
): Promise<SavedCommit> {
  const t = serverT(locale);
  // A text the site could not render is refused with what to change; the editor keeps it as it was written.
  const problem = input.action === "save" ? markdownLimitProblem(input.markdown) : null;
  if (problem) throw new ServiceError(422, problem.key, { vars: problem.vars });
  return writeTransaction(db, async (tx) => {
    const build = await takeOpenBuild(tx, user.id);
    const pending = await commitsOf(tx, build.id);
    const sourceAddress: PageAddress = {
      locale: input.locale,
      path: input.action === "save" ? (input.previousPath ?? input.path) : input.path,
    };
    const source = latestVersion(sourceAddress, await publishedPage(tx, sourceAddress), pending);
    const latestHash = source ? blobId(source.text) : null;
    if (latestHash !== input.baseHash) {
      if (!source) conflict(input.baseHash === null ? "editor.error.exists" : "editor.error.goneSince");
      if (input.baseHash === null) conflict("editor.error.exists");
      const by = source.pending?.authorId ? await authorName(tx, source.pending.authorId) : null;
      conflict(by ? "editor.error.changedBy" : "editor.error.changedSince", by ? { name: by } : undefined);
    }
    const earlier = source?.pending ?? null;
    const origin = source?.origin ?? null;
    const others = pending.filter((c) => c.id !== earlier?.id);

    if (input.action === "delete") {
      if (!source) throw new ServiceError(404, "editor.error.notFound");
      await removeCommit(tx, earlier);
      if (origin === null) return { buildId: build.id, commitId: null, file: null, hash: null };
      const title = titleOf(source.text);
      const id = await insertCommit(tx, {
        buildId: build.id,
        authorId: user.id,
        message: input.message || t("editor.message.delete", { title }),
        path: origin,
        fromPath: null,
        content: null,
      });
      return { buildId: build.id, commitId: id, file: origin, hash: null };
    }

    const category = input.frontMatter.category || undefined;
    if (category && category !== categoryOf(source?.text) && !(await isCategory(tx, category))) {
      throw new ServiceError(400, "editor.error.frontMatter", {
        issues: [{ path: "frontMatter.category", message: "editor.error.category" }],
      });
    }

    let text: string;
    try {
      text =
        written ??
        composeContentFile(source?.text ?? null, frontMatterInput(input.frontMatter, source?.text), input.markdown);
    } catch (error) {
      if (error instanceof ContentParseError) {
        throw new ServiceError(400, "editor.error.frontMatter", {
          issues: [{ path: `frontMatter.${error.field ?? "title"}`, message: "validation.invalid" }],
        });
      }
      throw error;
    }

    const moving = input.previousPath !== undefined && input.previousPath !== input.path;
    let file = source && !moving ? source.file : fileOfPage(input.locale, input.path);
    if (moving || !source) {
      const target: PageAddress = { locale: input.locale, path: input.path };
      const there = latestVersion(target, await publishedPage(tx, target), others);
      if (there) conflict("editor.error.exists");
      // A page that moves back to the file it was published in is a plain edit again.
      if (origin && pageOfFile(origin) && pageKeyOf(pageOfFile(origin)!) === pageKeyOf(target)) file = origin;
    }
    if (others.some((c) => c.path === file)) conflict("editor.error.exists");

    await removeCommit(tx, earlier);
    const fromPath = origin !== null && origin !== file ? origin : null;
    // Saving the published text back (and no move) leaves nothing to publish: the page drops out of the build.
    if (fromPath === null && origin === file) {
      const published = await publishedByFile(tx, file);
      if (published && publishedFileOf(published).text === text) {
        return { buildId: build.id, commitId: null, file, hash: blobId(text) };
      }
    }
    const title = input.frontMatter.title;
    const message =
      input.message ||
      (fromPath
        ? t("editor.message.move", { title })
        : origin === null
          ? t("editor.message.create", { title })
          : t("editor.message.update", { title }));
    const id = await insertCommit(tx, {
      buildId: build.id,
      authorId: user.id,
      message,
      path: file,
      fromPath,
      content: text,
    });
    return { buildId: build.id, commitId: id, file, hash: blobId(text) };
  });
}

async function removeCommit(tx: Database, commit: CommitRow | null): Promise<void> {
  if (commit) await tx.delete(commits).where(eq(commits.id, commit.id));
}

async function insertCommit(tx: Database, values: typeof commits.$inferInsert): Promise<number> {
  const now = new Date();
  const [row] = await tx
    .insert(commits)
    .values({ ...values, createdAt: now, updatedAt: now })
    .returning({ id: commits.id });
  return row!.id;
}

/**
 * The form's fields as the file format takes them: empty fields are absent. A form that does not send the
 * translation's link keeps the one the file has.
 */
function frontMatterInput(fields: FrontMatterFields, previous: string | undefined): FrontMatterInput {
  return {
    ...fields,
    date: fields.date || undefined,
    category: fields.category || undefined,
    thumbnail: fields.thumbnail || undefined,
    author: fields.author || undefined,
    translationOf:
      fields.translationOf === undefined ? frontMatterOf(previous)?.translationOf : fields.translationOf || undefined,
    seoTitle: fields.seoTitle || undefined,
    seoDescription: fields.seoDescription || undefined,
    publishAt: fields.publishAt === undefined ? frontMatterOf(previous)?.publishAt : fields.publishAt || undefined,
  };
}

/**
 * The category a version of the page names, if it can be read: a page that already names a category the site
 * does not list (content that came from git) can still be saved without choosing another.
 */
function categoryOf(text: string | undefined): string | undefined {
  return frontMatterOf(text)?.category;
}

function frontMatterOf(text: string | undefined) {
  if (text === undefined) return undefined;
  try {
    return parseContentFile(text).frontMatter;
  } catch {
    return undefined;
  }
}

function titleOf(text: string): string {
  return /^title:\s*"?(.*?)"?\s*$/m.exec(text)?.[1] ?? "";
}

async function authorName(db: Database, userId: number): Promise<string | null> {
  const row = await db.select().from(users).where(eq(users.id, userId)).get();
  return row ? personName(row) : null;
}

/** The build `buildId` as stored, or undefined. */
export async function buildById(db: Database, buildId: number) {
  return db.select().from(builds).where(eq(builds.id, buildId)).get();
}

export function personName(row: { displayName: string; firstName: string; lastName: string; userName: string }) {
  return row.displayName || `${row.firstName} ${row.lastName}`.trim() || row.userName;
}

/**
 * Takes a commit out of the open build. Anyone who may write can take out their own; taking out someone else's
 * needs `builds.push` (the permission to decide what is published).
 */
export async function discardCommit(db: Database, user: Pick<CurrentUser, "id" | "permissions">, commitId: number) {
  return writeTransaction(db, async (tx) => {
    const row = await tx
      .select({ id: commits.id, authorId: commits.authorId, status: builds.status })
      .from(commits)
      .innerJoin(builds, eq(builds.id, commits.buildId))
      .where(eq(commits.id, commitId))
      .get();
    if (!row) throw new ServiceError(404, "builds.error.commitNotFound");
    if (row.status !== "open") throw new ServiceError(409, "builds.error.notOpen");
    if (row.authorId !== user.id && !user.permissions.includes("builds.push")) {
      throw new ServiceError(403, "builds.error.discardOthers");
    }
    await tx.delete(commits).where(eq(commits.id, commitId));
  });
}

// ── Listing ────────────────────────────────────────────────────────────────

export interface CommitSummary {
  id: number;
  path: string;
  fromPath: string | null;
  /** What it does to the page. */
  action: "create" | "update" | "delete" | "move";
  message: string;
  author: { id: number | null; name: string };
  /** The page it writes (or deletes). */
  page: PageAddress | null;
  /** When the page it wrote appears, if it is published but held back until then (a scheduled page). */
  appearsAt: string | null;
  updatedAt: string;
}

export interface PushSummary {
  target: string;
  state: "pending" | "done" | "failed";
  attempts: number;
  nextAttemptAt: string | null;
  error: string | null;
  commitId: string | null;
}

export interface BuildSummary {
  id: number;
  name: string;
  status: (typeof builds.$inferSelect)["status"];
  kind: (typeof builds.$inferSelect)["kind"];
  authors: string[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  publishedBy: string | null;
  localCommit: string | null;
  remoteCommit: string | null;
  error: string | null;
  commits: CommitSummary[];
  pushes: PushSummary[];
}

export const BUILDS_PAGE = 20;

/** Builds newest first (the open one on top, the baseline last), with their commits and the state of their pushes. */
export async function listBuilds(
  db: Database,
  { before, limit = BUILDS_PAGE }: { before?: number; limit?: number } = {},
): Promise<{ builds: BuildSummary[]; more: boolean }> {
  // The baseline (the content when the history began) is made by the first publish, after the build it precedes
  // was opened: it is listed last, where it stands in the history, whatever its id.
  const rows = await db
    .select()
    .from(builds)
    .where(before ? or(lt(builds.id, before), eq(builds.kind, "baseline")) : undefined)
    .orderBy(sql`${builds.kind} = 'baseline'`, desc(builds.id))
    .limit(limit + 1)
    .all();
  const page = rows.slice(0, limit);
  const ids = page.map((b) => b.id);
  const [commitRows, pushRows, people] = ids.length
    ? await Promise.all([
        db
          .select({
            id: commits.id,
            buildId: commits.buildId,
            path: commits.path,
            fromPath: commits.fromPath,
            // Text or bytes: a file written; neither: a file deleted (without reading a whole image here).
            isDelete: sql<number>`(${commits.content} is null and ${commits.data} is null)`,
            previous: commits.previous,
            message: commits.message,
            authorId: commits.authorId,
            updatedAt: commits.updatedAt,
          })
          .from(commits)
          .where(inArray(commits.buildId, ids))
          .orderBy(commits.id)
          .all(),
        db.select().from(buildPushes).where(inArray(buildPushes.buildId, ids)).orderBy(buildPushes.id).all(),
        db.select().from(users).all(),
      ])
    : [[], [], []];
  const nameOf = new Map(people.map((p) => [p.id, personName(p)]));
  // Pages held back until their time: few at any moment (an indexed read), whatever the builds listed.
  const heldBack = new Map(
    (
      await db
        .select({ file: pages.file, publishAt: pages.publishAt })
        .from(pages)
        .where(eq(pages.withheld, true))
        .all()
    ).map((row) => [row.file, row.publishAt?.toISOString() ?? null]),
  );
  const summaries = await Promise.all(
    page.map(async (build): Promise<BuildSummary> => {
      const own = commitRows.filter((c) => c.buildId === build.id);
      const summariesOfCommits = await Promise.all(
        own.map(async (c): Promise<CommitSummary> => {
          const deleting = Boolean(c.isDelete);
          // Whether the file existed before: recorded at publish time, else asked of the published pages now.
          const existed = build.status === "open" ? Boolean(await publishedByFile(db, c.path)) : c.previous !== null;
          const action = c.fromPath ? "move" : deleting ? "delete" : existed ? "update" : "create";
          return {
            id: c.id,
            path: c.path,
            fromPath: c.fromPath,
            action,
            message: c.message,
            author: { id: c.authorId, name: c.authorId ? (nameOf.get(c.authorId) ?? "") : "" },
            page: pageOfFile(c.path),
            appearsAt: build.status === "published" ? (heldBack.get(c.path) ?? null) : null,
            updatedAt: c.updatedAt.toISOString(),
          };
        }),
      );
      const authors = [...new Set(summariesOfCommits.map((c) => c.author.name).filter(Boolean))];
      return {
        id: build.id,
        name: build.name,
        status: build.status,
        kind: build.kind,
        authors: build.kind === "baseline" ? [build.authorName ?? ""] : authors,
        createdAt: build.createdAt.toISOString(),
        updatedAt: build.updatedAt.toISOString(),
        publishedAt: build.publishedAt?.toISOString() ?? null,
        publishedBy: build.authorName,
        localCommit: build.localCommit,
        remoteCommit: build.remoteCommit,
        error: build.error,
        commits: build.kind === "baseline" ? [] : summariesOfCommits,
        pushes: pushRows
          .filter((p) => p.buildId === build.id)
          .map((p) => ({
            target: p.target,
            state: p.state,
            attempts: p.attempts,
            nextAttemptAt: p.state === "pending" && p.attempts > 0 ? p.nextAttemptAt.toISOString() : null,
            error: p.lastError,
            commitId: p.commitId,
          })),
      };
    }),
  );
  return { builds: summaries, more: rows.length > limit };
}

/** The two texts a commit's diff compares: what is published (or was, when it was published) and its own. */
export async function commitTexts(db: Database, commitId: number) {
  const row = await db
    .select({ commit: commits, status: builds.status })
    .from(commits)
    .innerJoin(builds, eq(builds.id, commits.buildId))
    .where(eq(commits.id, commitId))
    .get();
  if (!row) throw new ServiceError(404, "builds.error.commitNotFound");
  const { commit } = row;
  let before: string | null;
  if (row.status === "open") {
    const published = await publishedByFile(db, commit.fromPath ?? commit.path);
    before = published ? publishedFileOf(published).text : null;
  } else {
    before = commit.previous;
  }
  // A binary file (an image) has no text to compare: the diff says what it is instead.
  const binary = commit.data !== null;
  return {
    id: commit.id,
    path: commit.path,
    fromPath: commit.fromPath,
    before,
    after: binary ? null : commit.content,
    binary,
  };
}
