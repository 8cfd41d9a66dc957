/**
 * Publishing a build: all of it or none of it, exactly once. One write transaction claims the build (a
 * conditional update from "open": of two instances asked at once, one wins and the other is refused), applies
 * every commit to the pages, records the facts its git commit is made from (author, time, message, place in the
 * history) and writes what must still be pushed to the outbox (`build_pushes`). Caches, search and the sitemap
 * follow through the "content" announcement; the git pushes happen after, from the outbox (pushes.server.ts).
 *
 * The site's history starts with a baseline: the pages as they were before the first build, recorded once (the
 * first commit of the site's repository).
 */
import { and, desc, eq, inArray, isNotNull, isNull, max } from "drizzle-orm";
import type { CurrentUser } from "~/auth/current-user.server";
import { changeTransaction, type Announce } from "~/cluster/change-feed.server";
import type { ContentChange } from "~/cluster/change-feed.server";
import { ContentParseError, FRONT_MATTER_KEY_ORDER, parseContentFile, publishTime } from "~/content/front-matter";
import { markdownLimitProblem } from "~/content/markdown/limits";
import { pageValues, readContentDirectory, type ContentFile } from "~/content/import.server";
import {
  addBuildRedirects,
  addRedirects,
  allRedirects,
  clearRedirectsFrom,
  pageOfAddress,
  publishBuildRedirects,
  recordRemoved,
  redirectsFileText,
} from "~/content/redirects.server";
import { localizePath } from "~/i18n/locales";
import type { Database } from "~/db/client.server";
import { buildPushes, builds, commits, importCommits, importRuns, leases, media, pages } from "~/db/schema";
import { describeStoredImage } from "~/media/describe.server";
import { isMediaPath } from "~/media/paths";
import { dropFromBuild, unusedMediaOf } from "~/builds/media.server";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import { recordNewPosts, type NewPost } from "~/newsletter/posts.server";
import { buildName, personName } from "./builds.server";
import { pageOfFile, REDIRECTS_FILE } from "./files";
import { readHostSettings } from "./host-settings.server";
import { commitsOf, publishedByFile, publishedFileOf, type CommitRow } from "./versions.server";

/** Who made the baseline commit: the site itself. */
export const SITE_AUTHOR = { name: "Daftar", email: "daftar@daftar.invalid" };

/** A person's address in git: their e-mail, or one that says it is none. */
export function gitEmail(user: { userName: string; email: string | null }): string {
  return user.email || `${user.userName}@daftar.invalid`;
}

/** "Build <name>", a line per commit, and the other authors as co-authors. */
export function buildMessage(
  name: string,
  lines: readonly { message: string; author: { name: string; email: string } | null }[],
  publisher: { email: string },
): string {
  const body = lines.map((line) => `- ${line.message.replace(/\s+/g, " ").trim()}`).join("\n");
  const coAuthors = new Map<string, string>();
  for (const { author } of lines) {
    if (author && author.email !== publisher.email) coAuthors.set(author.email, author.name);
  }
  const trailers = [...coAuthors].map(([email, name]) => `Co-authored-by: ${name} <${email}>`).join("\n");
  return `Build ${name}\n\n${body}\n${trailers ? `\n${trailers}\n` : ""}`;
}

// ── Baseline ───────────────────────────────────────────────────────────────

/** The bundled files, read outside any transaction, for pages stored before their text was kept. */
async function bundledByPage(db: Database): Promise<Map<string, ContentFile> | undefined> {
  const legacy = await db.select({ id: pages.id }).from(pages).where(isNull(pages.source)).limit(1).all();
  if (legacy.length === 0) return undefined;
  const files = await readContentDirectory().catch(() => []);
  return new Map(files.map((file) => [`${file.locale}:${file.path}`, file]));
}

/**
 * Records the baseline once: every page's file and text, as the site's first published build. Pages stored before
 * their text was kept get it now: the bundled file when the page is still what it says, else the text made
 * from the row.
 */
async function ensureBaseline(tx: Database, bundled: Map<string, ContentFile> | undefined): Promise<void> {
  const existing = await tx.select({ id: builds.id }).from(builds).where(eq(builds.kind, "baseline")).get();
  if (existing) return;
  const rows = await tx.select().from(pages).orderBy(pages.locale, pages.path).all();
  for (const row of rows) {
    if (row.source !== null && row.file !== null) continue;
    const original = bundled?.get(`${row.locale}:${row.path}`);
    const same = original?.source !== undefined && sameContent(row, original);
    const { file, text } = same ? { file: original.file!, text: original.source! } : publishedFileOf(row);
    await tx.update(pages).set({ file, source: text }).where(eq(pages.id, row.id));
  }
  const now = new Date();
  const [baseline] = await tx
    .insert(builds)
    .values({
      name: buildName(now),
      status: "published",
      kind: "baseline",
      publishedAt: now,
      authorName: SITE_AUTHOR.name,
      authorEmail: SITE_AUTHOR.email,
      message: `Content of the site when its history began\n`,
      sequence: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: builds.id });
  const current = await tx.select({ file: pages.file, source: pages.source }).from(pages).all();
  for (const page of current) {
    await tx.insert(commits).values({
      buildId: baseline!.id,
      message: "Baseline",
      path: page.file!,
      content: page.source!,
      createdAt: now,
      updatedAt: now,
    });
  }
  await tx.insert(buildPushes).values({ buildId: baseline!.id, target: "local", nextAttemptAt: now });
}

/** What a page row holds of its file: every front matter field, and the body. */
const CONTENT_FIELDS = [...FRONT_MATTER_KEY_ORDER, "body"] as const;

/** Whether a stored page still says what a content file says. */
function sameContent(row: typeof pages.$inferSelect, file: ContentFile): boolean {
  const fromFile = pageValues(file);
  return CONTENT_FIELDS.every(
    (field) => JSON.stringify(row[field] ?? null) === JSON.stringify(fromFile[field] ?? null),
  );
}

/** Makes sure the history has its baseline (the site's repository starts from it). */
export async function recordBaseline(db: Database): Promise<void> {
  const existing = await db.select({ id: builds.id }).from(builds).where(eq(builds.kind, "baseline")).get();
  if (existing) return;
  const bundled = await bundledByPage(db);
  await writeTransaction(db, (tx) => ensureBaseline(tx, bundled));
}

// ── Publishing ─────────────────────────────────────────────────────────────

export interface PublishResult {
  buildId: number;
  changed: ContentChange[];
  /** Images the build held that no page uses: taken out of it rather than committed. */
  leftOut: string[];
}

/** Publishes the open build `buildId` (see the module's comment). */
export async function publishBuild(
  db: Database,
  user: Pick<CurrentUser, "id" | "userName" | "email" | "displayName" | "firstName" | "lastName">,
  buildId: number,
): Promise<PublishResult> {
  const host = await readHostSettings(db);
  if (host.kind === "github" && !host.token) throw new ServiceError(400, "builds.error.githubCredentials");
  const bundled = await bundledByPage(db);
  const publisher = { name: personName(user), email: gitEmail(user) };

  return changeTransaction(db, async (tx, announce) => {
    const build = await tx.select().from(builds).where(eq(builds.id, buildId)).get();
    if (!build || build.kind === "baseline") throw new ServiceError(404, "builds.error.notFound");
    if (build.status !== "open") throw new ServiceError(409, "builds.error.alreadyPublished");
    await settleImports(tx, build.id);
    const all = await commitsOf(tx, build.id);
    if (all.length === 0) throw new ServiceError(400, "builds.error.noCommits");
    const leftOut = await unusedMediaOf(tx, all);
    const rows = all.filter((row) => !leftOut.includes(row.path));
    if (rows.length === 0) throw new ServiceError(400, "builds.error.onlyUnusedMedia");
    await dropFromBuild(tx, build.id, leftOut);
    const invalid = rows.filter((row) => !isValidChange(row));
    if (invalid.length === rows.length) throw new ServiceError(400, "builds.error.noValidChanges");
    if (invalid.length) {
      throw new ServiceError(400, "builds.error.invalidFiles", {
        vars: { files: invalid.map((r) => r.path).join(", ") },
      });
    }
    const unrenderable = rows.filter((row) => !isRenderable(row));
    if (unrenderable.length) {
      throw new ServiceError(422, "builds.error.tooComplex", {
        vars: { files: unrenderable.map((r) => r.path).join(", ") },
      });
    }

    await ensureBaseline(tx, bundled);
    const last = await tx
      .select({ value: max(builds.sequence) })
      .from(builds)
      .get();
    const now = new Date();
    const authors = await commitAuthors(tx, rows);
    const message = buildMessage(
      build.name,
      rows.map((row) => ({ message: row.message, author: row.authorId ? (authors.get(row.authorId) ?? null) : null })),
      publisher,
    );
    // The claim: only one transaction can move the build out of "open".
    const claimed = await tx
      .update(builds)
      .set({
        status: "publishing",
        publishedBy: user.id,
        publishedAt: now,
        authorName: publisher.name,
        authorEmail: publisher.email,
        message,
        sequence: (last?.value ?? 1) + 1,
        updatedAt: now,
      })
      .where(and(eq(builds.id, build.id), eq(builds.status, "open")))
      .returning({ id: builds.id });
    if (claimed.length === 0) throw new ServiceError(409, "builds.error.alreadyPublished");

    const { changed, leaving, deletedMedia, newPosts } = await applyCommits(tx, rows, now, user.id);
    await recordNewPosts(tx, build.id, newPosts);
    changed.push(...(await keepAddresses(tx, build.id, rows, leaving, user.id, now)));
    await tx.insert(buildPushes).values({ buildId: build.id, target: "local", nextAttemptAt: now });
    if (host.kind !== "local") {
      await tx.insert(buildPushes).values({ buildId: build.id, target: "remote", nextAttemptAt: now });
    }
    announceChanges(announce, changed);
    if (deletedMedia.length) announce({ topic: "media", detail: deletedMedia });
    return { buildId: build.id, changed, leftOut };
  });
}

/** The lease an import holds while it runs (app/import/apply.server.ts). */
const IMPORT_LEASE = "import";

/**
 * An import writes into the open build a batch at a time, and the build is published whole or not at all: while
 * a run still writes into it, publishing is refused. A run whose instance stopped (its lease ran out) has the
 * commits it wrote taken out here, and is marked failed; the import takes back the rest when it next runs.
 */
async function settleImports(tx: Database, buildId: number): Promise<void> {
  const running = await tx
    .select({ id: importRuns.id })
    .from(importRuns)
    .where(and(eq(importRuns.state, "running"), eq(importRuns.buildId, buildId)))
    .all();
  if (!running.length) return;
  const lease = await tx.select().from(leases).where(eq(leases.name, IMPORT_LEASE)).get();
  if (lease && lease.expiresAt.getTime() > Date.now()) throw new ServiceError(409, "builds.error.importWriting");
  const ids = running.map((run) => run.id);
  await tx
    .delete(commits)
    .where(
      inArray(
        commits.id,
        tx.select({ id: importCommits.commitId }).from(importCommits).where(inArray(importCommits.runId, ids)),
      ),
    );
  await tx.delete(importCommits).where(inArray(importCommits.runId, ids));
  await tx.update(importRuns).set({ state: "failed", updatedAt: new Date() }).where(inArray(importRuns.id, ids));
}

function isValidChange(row: CommitRow): boolean {
  // A media file: written with its bytes, or deleted; never moved.
  if (isMediaPath(row.path)) return row.fromPath === null && row.content === null;
  if (!pageOfFile(row.path) || (row.fromPath !== null && !pageOfFile(row.fromPath))) return false;
  if (row.content === null) return true;
  try {
    parseContentFile(row.content);
    return true;
  } catch (error) {
    if (error instanceof ContentParseError) return false;
    throw error;
  }
}

/** Within the limits of what the site renders (saved before they existed, or imported, a text may not be). */
function isRenderable(row: CommitRow): boolean {
  if (row.content === null || isMediaPath(row.path)) return true;
  return markdownLimitProblem(parseContentFile(row.content).body) === null;
}

async function commitAuthors(tx: Database, rows: readonly CommitRow[]) {
  const { users } = await import("~/db/schema");
  const ids = [...new Set(rows.map((r) => r.authorId).filter((id): id is number => id !== null))];
  const people = new Map<number, { name: string; email: string }>();
  for (const id of ids) {
    const row = await tx.select().from(users).where(eq(users.id, id)).get();
    if (row) people.set(id, { name: personName(row), email: gitEmail(row) });
  }
  return people;
}

/** Applies the commits to the pages (moves and deletions first) and records what each file held before. */
async function applyCommits(
  tx: Database,
  allRows: readonly CommitRow[],
  now: Date,
  publisherId: number,
): Promise<{ changed: ContentChange[]; leaving: Map<number, string>; deletedMedia: string[]; newPosts: NewPost[] }> {
  const deletedMedia = await applyMedia(
    tx,
    allRows.filter((row) => isMediaPath(row.path)),
    now,
    publisherId,
  );
  const rows = allRows.filter((row) => !isMediaPath(row.path));
  const changed: ContentChange[] = [];
  // The public addresses of the pages removed or moved, by commit.
  const leaving = new Map<number, string>();
  const removals = rows.filter((row) => row.fromPath !== null || row.content === null);
  const writes = rows.filter((row) => row.content !== null);
  const previous = new Map<number, string | null>();
  // Posts public for the first time (not a draft, no longer withheld, not moved from a public address): the newsletter's.
  const newPosts: NewPost[] = [];
  for (const row of removals) {
    const file = row.fromPath ?? row.path;
    const page = await publishedByFile(tx, file);
    if (!page) continue;
    previous.set(row.id, publishedFileOf(page).text);
    // A draft's address, or a scheduled page's before its time, was never public: it leaves nothing behind.
    if (!page.draft && !page.withheld) leaving.set(row.id, localizePath(page.path, page.locale));
    await tx.delete(pages).where(eq(pages.id, page.id));
    changed.push({ locale: page.locale, path: page.path });
  }
  for (const row of writes) {
    const address = pageOfFile(row.path)!;
    const existing = await publishedByFile(tx, row.path);
    if (!previous.has(row.id)) previous.set(row.id, existing ? publishedFileOf(existing).text : null);
    const { frontMatter, body } = parseContentFile(row.content!);
    const values = {
      ...pageValues({ locale: address.locale, path: address.path, frontMatter, body }, now.getTime()),
      file: row.path,
      source: row.content!,
      updatedAt: now,
    };
    await tx
      .insert(pages)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({ target: [pages.locale, pages.path], set: values });
    changed.push(address);
    const wasPublic = leaving.has(row.id) || (existing !== undefined && !existing.draft && !existing.withheld);
    if (values.date && !values.draft && !wasPublic) {
      newPosts.push({
        ...address,
        title: values.title,
        description: values.description ?? "",
        dueAt: values.withheld && values.publishAt ? values.publishAt : now,
      });
    }
  }
  for (const [id, text] of previous) {
    await tx.update(commits).set({ previous: text }).where(eq(commits.id, id));
  }
  return { changed, leaving, deletedMedia, newPosts };
}

/**
 * Media files become servable: written to `media` (the image service reads them there) or taken out of it. A
 * media file's name never changes its bytes, so one already there is left as it is.
 */
async function applyMedia(tx: Database, rows: readonly CommitRow[], now: Date, publisherId: number): Promise<string[]> {
  const deleted: string[] = [];
  for (const row of rows) {
    const existing = await tx
      .select({ path: media.path, key: media.key })
      .from(media)
      .where(eq(media.path, row.path))
      .get();
    if (row.data === null) {
      if (existing) {
        await tx.delete(media).where(eq(media.path, row.path));
        deleted.push(existing.key);
      }
      continue;
    }
    if (existing) continue;
    const image = await describeStoredImage(row.data);
    await tx.insert(media).values({
      path: row.path,
      ...image,
      data: row.data,
      uploadedBy: row.authorId ?? publisherId,
      createdAt: now,
      updatedAt: now,
    });
  }
  return deleted;
}

/**
 * Addresses never break (app/content/redirects.server.ts): a public page published at an address takes it back
 * from a redirect or a deletion; a public page moved leaves a redirect from its old address to its new one, a
 * deleted one leaves its address answering 410; the redirects that waited for the build are stored. Then the
 * repository's redirects file follows the table, as a commit of this build. In the publishing transaction, so
 * every instance sees the build and its addresses together.
 */
async function keepAddresses(
  tx: Database,
  buildId: number,
  rows: readonly CommitRow[],
  leaving: ReadonlyMap<number, string>,
  publisherId: number,
  now: Date,
): Promise<ContentChange[]> {
  const pageRows = rows.filter((row) => !isMediaPath(row.path));
  // Public now (not a draft, its time come), or later (scheduled: its address stays as it is until its time).
  const live = new Set<string>();
  const later = new Set<string>();
  for (const row of pageRows) {
    if (row.content === null) continue;
    const address = localizePath(pageOfFile(row.path)!.path, pageOfFile(row.path)!.locale);
    const { frontMatter } = parseContentFile(row.content);
    if (frontMatter.draft) continue;
    if ((publishTime(frontMatter.publishAt) ?? 0) > now.getTime()) later.add(address);
    else live.add(address);
  }
  const taken = await clearRedirectsFrom(tx, [...live]);
  const changed = [...taken];
  const removed: string[] = [];
  for (const row of pageRows) {
    const from = leaving.get(row.id);
    if (from === undefined) continue;
    if (row.fromPath !== null && row.content !== null) {
      const address = pageOfFile(row.path)!;
      const to = localizePath(address.path, address.locale);
      if (live.has(to) && from !== to) {
        const entry = { from, to, kind: "moved" as const };
        const added = await addRedirects(tx, [entry], { by: row.authorId ?? publisherId });
        changed.push(...added.changed.map(({ locale, path }) => localizePath(path, locale)));
      } else if (later.has(to) && from !== to) {
        // Moved to a scheduled page: the redirect waits for its time, so its new address is not told before.
        await addBuildRedirects(tx, buildId, [{ from, to, kind: "moved" }], row.authorId ?? publisherId);
      }
    } else if (row.content === null && !live.has(from)) {
      removed.push(from);
    }
  }
  await recordRemoved(tx, removed, now);
  // Redirects that waited for this build (an import's old addresses): its pages are live now.
  const waited = await publishBuildRedirects(tx, buildId);
  await commitRedirectsFile(tx, buildId, now);
  return [...[...changed, ...removed].map(pageOfAddress), ...waited];
}

/** Adds the redirects file to the build when the table no longer says what the repository last held. */
async function commitRedirectsFile(tx: Database, buildId: number, now: Date): Promise<void> {
  const text = redirectsFileText(await allRedirects(tx));
  const last = await tx
    .select({ content: commits.content })
    .from(commits)
    .innerJoin(builds, eq(builds.id, commits.buildId))
    .where(and(eq(commits.path, REDIRECTS_FILE), isNotNull(builds.sequence)))
    .orderBy(desc(builds.sequence))
    .limit(1)
    .get();
  const held = last?.content ?? null;
  if (held === text) return;
  await tx.insert(commits).values({
    buildId,
    message: text === null ? "Redirects: none left" : "Redirects",
    path: REDIRECTS_FILE,
    content: text,
    previous: held,
    createdAt: now,
    updatedAt: now,
  });
}

function announceChanges(announce: Announce, changed: ContentChange[]): void {
  const unique = [...new Map(changed.map((c) => [`${c.locale}:${c.path}`, c])).values()];
  announce({ topic: "content", detail: unique });
  announce({ topic: "history", detail: null });
}
