/**
 * The site's own git repository: a bare repository in DATA_DIR, one commit per published build (the baseline
 * first), drafts included. What is served of it is the owner's choice (app/routes/git/repository.ts): by default
 * its public history (public-history.server.ts), kept in the same object store.
 *
 * Every instance keeps its own copy, and every copy converges to the same history because each commit is made
 * from facts the database records when the build is published (its files, author, time, message and place in
 * the history): the same facts give the same commit ids everywhere. The first instance to make a build's commit
 * records its id; the others check theirs against it (decision: "The site's repository on several instances").
 */
import { gitFs as fs } from "./git-fs.server";
import path from "node:path";
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import git from "isomorphic-git";
import { onSiteChange } from "~/cluster/change-feed.server";
import { config } from "~/config.server";
import { getDb, type Database } from "~/db/client.server";
import { builds, commits } from "~/db/schema";
import { recordBaseline } from "../publish.server";
import { editTree, hasObject, openRepo, treeOf, writeCommit, type Repo, type TreeEdits } from "./objects.server";
import { syncPublicHistory, type PublishedBuild } from "./public-history.server";
import { servedHistoryOf, type ServedHistory } from "./upload-pack.server";

export const BRANCH = "main";

export function siteRepositoryDir(): string {
  return path.join(config().dataDir, "repository", "content.git");
}

async function ensureRepository(gitdir: string): Promise<Repo> {
  if (!fs.existsSync(path.join(gitdir, "HEAD"))) {
    await fs.promises.mkdir(gitdir, { recursive: true });
    await git.init({ fs, gitdir, bare: true, defaultBranch: BRANCH });
  }
  return openRepo(gitdir);
}

export class HistoryDivergedError extends Error {
  constructor(buildId: number, recorded: string, made: string) {
    super(`Build ${buildId}: this instance made commit ${made}, but ${recorded} is recorded for it`);
    this.name = "HistoryDivergedError";
  }
}

/** A published build's commit facts, in history order. */
async function publishedHistory(db: Database) {
  return db
    .select({
      id: builds.id,
      sequence: builds.sequence,
      message: builds.message,
      authorName: builds.authorName,
      authorEmail: builds.authorEmail,
      publishedAt: builds.publishedAt,
      localCommit: builds.localCommit,
    })
    .from(builds)
    .where(isNotNull(builds.sequence))
    .orderBy(asc(builds.sequence))
    .all();
}

/** The build's changes as tree edits: moves and deletions first, then the files written. */
export async function buildEdits(db: Database, buildId: number): Promise<TreeEdits> {
  const rows = await db.select().from(commits).where(eq(commits.buildId, buildId)).orderBy(commits.id).all();
  const edits: TreeEdits = new Map();
  for (const row of rows) {
    if (row.fromPath) edits.set(row.fromPath, null);
    if (row.content === null && row.data === null) edits.set(row.path, null);
  }
  for (const row of rows) {
    if (row.content !== null) edits.set(row.path, row.content);
    else if (row.data !== null) edits.set(row.path, new Uint8Array(row.data));
  }
  return edits;
}

export interface SyncResult {
  head: string | null;
  /** Commits this call made (already made ones are not made again). */
  made: number;
  /** The site's history (every build, drafts included). */
  site: ServedHistory;
  /** Each published build with its commit, in order: what the public history is made from. */
  published: PublishedBuild[];
}

const NONE = servedHistoryOf([]);

/** The head this process last brought its repository to (so an unchanged history costs one query). */
let synced: { gitdir: string; head: string; history: ServedHistory } | null = null;

/**
 * Brings this instance's repository up to the database's history: makes the commit of every published build it
 * does not have, records ids not yet recorded, and moves the branch to the last one; then the public history.
 */
async function syncWith(db: Database, gitdir: string, begin: boolean): Promise<SyncResult> {
  let history = await publishedHistory(db);
  if (history.length === 0 && !begin) return { head: null, made: 0, site: NONE, published: [] };
  const repo = await ensureRepository(gitdir);
  if (history.length === 0) {
    // A site whose history has not begun: its pages as they are now become the first commit.
    await recordBaseline(db);
    history = await publishedHistory(db);
  }
  const siteCommits: string[] = [];
  // The newest build whose commit this repository holds: it holds every one before it too (a commit is written
  // only after its parent).
  let start = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    const recorded = history[i]!.localCommit;
    if (!recorded) continue;
    const held = synced?.gitdir === gitdir && synced.head === recorded ? true : await hasObject(repo, recorded);
    if (held && history.slice(0, i).every((build) => build.localCommit)) {
      start = i + 1;
      siteCommits.push(...history.slice(0, start).map((build) => build.localCommit!));
    }
    break;
  }
  let parent: string | null = siteCommits.at(-1) ?? null;
  let made = 0;
  for (const build of history.slice(start)) {
    if (build.localCommit && (await hasObject(repo, build.localCommit))) {
      parent = build.localCommit;
      siteCommits.push(parent);
      continue;
    }
    const base: string | null = parent ? await treeOf(repo, parent) : null;
    const tree = await editTree(repo, base, await buildEdits(db, build.id));
    const commit = await writeCommit(repo, {
      tree,
      parents: parent ? [parent] : [],
      message: build.message ?? "",
      author: { name: build.authorName ?? "", email: build.authorEmail ?? "" },
      time: Math.floor((build.publishedAt?.getTime() ?? 0) / 1000),
    });
    made++;
    if (build.localCommit && build.localCommit !== commit) {
      throw new HistoryDivergedError(build.id, build.localCommit, commit);
    }
    if (!build.localCommit) {
      await db
        .update(builds)
        .set({ localCommit: commit })
        .where(and(eq(builds.id, build.id), isNull(builds.localCommit)));
      const recorded = await db.select({ c: builds.localCommit }).from(builds).where(eq(builds.id, build.id)).get();
      if (recorded?.c && recorded.c !== commit) throw new HistoryDivergedError(build.id, recorded.c, commit);
    }
    parent = commit;
    siteCommits.push(commit);
  }
  if (parent && (synced?.gitdir !== gitdir || synced.head !== parent)) {
    await git.writeRef({ fs, gitdir, ref: `refs/heads/${BRANCH}`, value: parent, force: true });
    synced = { gitdir, head: parent, history: servedHistoryOf(siteCommits) };
  }
  return {
    head: parent,
    made,
    site: synced?.gitdir === gitdir && synced.head === parent ? synced.history : servedHistoryOf(siteCommits),
    published: history.map((build, i) => ({ ...build, commit: siteCommits[i]! })),
  };
}

// One sync at a time in this process: they write the same folder (which belongs to this instance alone).
let running: Promise<SyncResult> | null = null;
let queued: Promise<SyncResult> | null = null;

/** Syncs the repository; calls made while one runs share one more run after it (which sees their builds). */
export function syncSiteRepository(db?: Database, { begin = true } = {}): Promise<SyncResult> {
  if (!running) {
    running = (async () => syncWith(db ?? (await getDb()), siteRepositoryDir(), begin))().finally(() => {
      running = null;
    });
    return running;
  }
  queued ??= running
    .catch(() => undefined)
    .then(() => {
      queued = null;
      return syncSiteRepository(db, { begin });
    });
  return queued;
}

function logSyncFailure(error: unknown): void {
  if (/no such table/i.test(String(error instanceof Error ? `${error.message} ${error.cause}` : error))) return;
  console.error("Bringing the site's repository up to date failed:", error);
}

/** Work on the repository started in the background, which a stopping server waits for (it writes the folder). */
const background = new Set<Promise<unknown>>();

/** Brings the repository (and, when it has builds, the public history) up to date in the background. */
export function catchUpInBackground({ begin = true } = {}): void {
  const work = syncSiteRepository(undefined, { begin })
    .then((synced) => (synced.published.length ? servedHistory("public") : undefined))
    .catch(logSyncFailure)
    .finally(() => background.delete(work));
  background.add(work);
}

/** Settles when the repository work of this process, in the background or asked for, has ended. */
export async function settleRepositoryWork(): Promise<void> {
  while (background.size > 0 || running || queued) await Promise.allSettled([...background, running, queued]);
}

/**
 * Follows published builds from every instance: each one's repository, and the public history made from it,
 * catch up within a second.
 */
export function followHistory(): () => void {
  return onSiteChange("history", () => catchUpInBackground());
}

/**
 * A history this instance serves, after bringing its repository up to date: the site's whole history, or the
 * public one (made from it only when asked for, so that publishing never waits for it).
 */
export async function servedHistory(kind: "site" | "public"): Promise<ServedHistory> {
  const { site, published } = await syncSiteRepository();
  return kind === "site" ? site : syncPublicHistory(await getDb(), siteRepo(), published);
}

/** Makes a repository object for reading (the smart HTTP server reads it). */
export function siteRepo(): Repo {
  return openRepo(siteRepositoryDir());
}
