/**
 * The public history: the site's history as anonymous visitors may see it, served by default at
 * /git/content.git. Each commit's tree holds exactly what the site showed anonymously once that build was
 * published: the files of published pages that are not drafts, the media files those pages name (an image
 * only a draft uses is left out), and the site's redirects file. Nothing else of a build reaches it: not a draft's text, not its title in a
 * commit message, not an older commit that held either.
 *
 * It is made from the site's own history (site-repository.server.ts) in the same object store, one commit per
 * build that changed what the site shows (a build of drafts only adds none), from facts that never change once
 * a build is published: the site's trees, the build's publisher (by name: their e-mail address is the site's
 * placeholder, as the site shows nobody's address), time and first line, and the messages of the changes whose
 * result is public. So every instance makes the same commit ids, as it does for the site's history. Co-author
 * lines are left out: they name whoever worked on any part of a build, drafts included.
 *
 * A page that was public and becomes a draft leaves the tree from that build on; its earlier public versions stay
 * in the history, as they were published. A page published with a publishing time still to come (a scheduled page)
 * is left out as a draft is, and enters the tree with the first build published at or after its time: the release
 * itself is no build, and the public history is made of builds only, so that every instance makes the same commits. What this instance made is kept in memory and made again from the
 * start after a restart (the same ids again).
 */
import git from "isomorphic-git";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { ContentParseError, parseContentFile, publishTime } from "~/content/front-matter";
import type { Database } from "~/db/client.server";
import { commits } from "~/db/schema";
import { isMediaPath, mediaFileOfUrl } from "~/media/paths";
import { pageOfFile, REDIRECTS_FILE } from "../files";
import { SITE_AUTHOR } from "../publish.server";
import { gitFs as fs } from "./git-fs.server";
import { blobAt, blobId, editTree, treeOf, writeCommit, type Repo, type TreeEdit } from "./objects.server";
import { servedHistoryOf, type ServedHistory } from "./upload-pack.server";

/** Where the public history's head is kept in the site's repository (for people looking at it with git). */
export const PUBLIC_REF = "refs/public/main";

/** A published build as the projection reads it: its facts and its commit in the site's history. */
export interface PublishedBuild {
  id: number;
  message: string | null;
  authorName: string | null;
  authorEmail: string | null;
  publishedAt: Date | null;
  commit: string;
}

interface Projection {
  gitdir: string;
  /** The site's commits projected so far, oldest first. */
  siteCommits: string[];
  /** The public commits made, oldest first. */
  commits: string[];
  tree: string | null;
  /** Each public page's file, with the media files its text names. */
  pages: Map<string, Set<string>>;
  /** How many public pages name each media file. */
  uses: Map<string, number>;
  /** Media files in the public tree. */
  media: Set<string>;
  /** Scheduled pages not public yet: each one's time, and its blob and media files for when it is. */
  waiting: Map<string, { at: number; blob: string; named: Set<string> }>;
  /** Whether the redirects file is in the public tree. */
  redirects: boolean;
  /** The history as served, made again only when it grows; and the head the ref was last moved to. */
  served: ServedHistory;
  refAt: string | null;
}

let projection: Projection | null = null;

function fresh(gitdir: string): Projection {
  return {
    gitdir,
    siteCommits: [],
    commits: [],
    tree: null,
    pages: new Map(),
    uses: new Map(),
    media: new Set(),
    waiting: new Map(),
    redirects: false,
    served: servedHistoryOf([]),
    refAt: null,
  };
}

/**
 * From when a page file's text is shown to anonymous visitors, in epoch milliseconds: its publishing time, or 0
 * when it has none; null when it never is (a draft, or a text that does not read as a page).
 */
export function publicFrom(text: string): number | null {
  try {
    const { frontMatter } = parseContentFile(text);
    return frontMatter.draft ? null : (publishTime(frontMatter.publishAt) ?? 0);
  } catch (error) {
    if (error instanceof ContentParseError) return null;
    throw error;
  }
}

/** The media files a page's text names anywhere (images, thumbnails, links, HTML), by their site address. */
export function mediaNamedIn(text: string): Set<string> {
  const files = new Set<string>();
  for (const [address] of text.matchAll(/\/media\/[^\s"'()<>[\]`,*]+/g)) {
    const file = mediaFileOfUrl(address) ?? mediaFileOfUrl(address.replace(/[.;:!?]+$/, ""));
    if (file) files.add(file);
  }
  return files;
}

interface ChangeRow {
  id: number;
  path: string;
  fromPath: string | null;
  /** Whether the commit writes text (read apart, a batch at a time: a baseline holds every page's). */
  hasContent: boolean;
  hasData: boolean;
  message: string;
}

async function changesOf(db: Database, buildId: number): Promise<ChangeRow[]> {
  return db
    .select({
      id: commits.id,
      path: commits.path,
      fromPath: commits.fromPath,
      hasContent: sql<boolean>`${commits.content} IS NOT NULL`.mapWith(Boolean),
      hasData: sql<boolean>`${commits.data} IS NOT NULL`.mapWith(Boolean),
      message: commits.message,
    })
    .from(commits)
    .where(eq(commits.buildId, buildId))
    .orderBy(asc(commits.id))
    .all();
}

/** Texts read and projected at a time; the event loop is given back between batches. */
const TEXT_BATCH = 500;

async function textsOf(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: commits.id, content: commits.content })
    .from(commits)
    .where(inArray(commits.id, [...ids]))
    .all();
  return new Map(rows.map((row) => [row.id, row.content ?? ""]));
}

/** A file written with bytes (an image): the projection needs only its name. */
const BYTES = Symbol("bytes");

/**
 * The files a build changes, as they are after it (null: removed; a number: the commit row holding its text),
 * the way the site's history applies them.
 */
function filesAfter(rows: readonly ChangeRow[]): Map<string, number | typeof BYTES | null> {
  const files = new Map<string, number | typeof BYTES | null>();
  for (const row of rows) {
    if (row.fromPath) files.set(row.fromPath, null);
    if (!row.hasContent && !row.hasData) files.set(row.path, null);
  }
  for (const row of rows) {
    if (row.hasContent) files.set(row.path, row.id);
    else if (row.hasData) files.set(row.path, BYTES);
  }
  return files;
}

/**
 * Applies one build to the projection's state; the public tree's edits, or null when the build shows nothing new.
 * A public page's file is the very blob the site's history holds for it (the same text), so it is named by its
 * id rather than written again; texts are read a batch at a time, so a build of every page (the baseline) needs
 * neither all its texts in memory at once nor the event loop for the whole of their reading.
 */
async function project(db: Database, repo: Repo, state: Projection, build: PublishedBuild, rows: readonly ChangeRow[]) {
  const edits = new Map<string, TreeEdit>();
  const touched = new Set<string>();
  const count = (file: string, by: number) => {
    state.uses.set(file, (state.uses.get(file) ?? 0) + by);
    touched.add(file);
  };
  const at = build.publishedAt?.getTime() ?? 0;
  const show = (file: string, blob: string, named: Set<string>) => {
    state.pages.set(file, named);
    for (const media of named) count(media, 1);
    edits.set(file, { blob });
  };
  const files = [...filesAfter(rows)];
  for (let start = 0; start < files.length; start += TEXT_BATCH) {
    const batch = files.slice(start, start + TEXT_BATCH);
    const ids = batch.flatMap(([file, change]) =>
      typeof change === "number" && (pageOfFile(file) || file === REDIRECTS_FILE) ? [change] : [],
    );
    const texts = ids.length ? await textsOf(db, ids) : new Map<number, string>();
    for (const [file, change] of batch) {
      if (pageOfFile(file)) {
        const before = state.pages.get(file);
        for (const media of before ?? []) count(media, -1);
        const content = typeof change === "number" ? texts.get(change) : undefined;
        const from = content === undefined ? null : publicFrom(content);
        state.waiting.delete(file);
        if (from !== null && from <= at) show(file, blobId(content!), mediaNamedIn(content!));
        else {
          if (from !== null)
            state.waiting.set(file, { at: from, blob: blobId(content!), named: mediaNamedIn(content!) });
          if (before) {
            state.pages.delete(file);
            edits.set(file, null);
          }
        }
      } else if (file === REDIRECTS_FILE) {
        // The redirects answer every reader (drafts leave none): the file is as public as they are.
        const content = typeof change === "number" ? texts.get(change) : undefined;
        if (content !== undefined) edits.set(file, { blob: blobId(content) });
        else if (state.redirects) edits.set(file, null);
        state.redirects = content !== undefined;
      } else if (isMediaPath(file)) touched.add(file);
    }
    if (start + TEXT_BATCH < files.length) await new Promise((resolve) => setImmediate(resolve));
  }
  // Scheduled pages whose time has come by this build, and that it did not change.
  for (const [file, page] of state.waiting) {
    if (page.at > at) continue;
    state.waiting.delete(file);
    show(file, page.blob, page.named);
  }
  const siteTree = await treeOf(repo, build.commit);
  for (const file of touched) {
    const blob = (state.uses.get(file) ?? 0) > 0 ? await blobAt(repo, siteTree, file) : null;
    if (blob && !state.media.has(file)) {
      state.media.add(file);
      edits.set(file, { blob });
    } else if (!blob && state.media.has(file)) {
      state.media.delete(file);
      edits.set(file, null);
    }
  }
  return edits;
}

/**
 * The commit message: the build's first line, then the lines of its changes whose result is public (a page or an
 * image now shown, or a public page removed). A message of one paragraph (the baseline's) is kept as it is.
 */
function publicMessage(
  build: PublishedBuild,
  rows: readonly ChangeRow[],
  edits: ReadonlyMap<string, TreeEdit>,
): string {
  const message = build.message ?? "";
  if (!/\n\n- /.test(message)) return message;
  const subject = message.split("\n", 1)[0]!;
  const lines = rows
    .filter((row) => {
      if (!edits.has(row.path)) return false;
      const writes = row.hasContent || row.hasData;
      return writes ? edits.get(row.path) !== null : edits.get(row.path) === null;
    })
    .map((row) => `- ${row.message.replace(/\s+/g, " ").trim()}`);
  return lines.length ? `${subject}\n\n${lines.join("\n")}\n` : `${subject}\n`;
}

// One projection at a time in this process: they share its state and write the same ref.
let queue: Promise<unknown> = Promise.resolve();

/**
 * Brings the public history up to `history` (the site's published builds in order, each with its commit) and
 * gives it.
 */
export function syncPublicHistory(
  db: Database,
  repo: Repo,
  history: readonly PublishedBuild[],
): Promise<ServedHistory> {
  const run = queue.then(
    () => projectHistory(db, repo, history),
    () => projectHistory(db, repo, history),
  );
  queue = run.catch(() => undefined);
  return run;
}

async function projectHistory(db: Database, repo: Repo, history: readonly PublishedBuild[]): Promise<ServedHistory> {
  let state = projection?.gitdir === repo.gitdir ? projection : null;
  // Anything but a continuation of what was projected (another database, a history made again): start over.
  if (!state || state.siteCommits.some((commit, i) => history[i]?.commit !== commit)) state = fresh(repo.gitdir);
  projection = state;
  try {
    for (const build of history.slice(state.siteCommits.length)) {
      const rows = await changesOf(db, build.id);
      const edits = await project(db, repo, state, build, rows);
      const tree = await editTree(repo, state.tree, edits);
      const parent = state.commits.at(-1);
      if (!parent || tree !== state.tree) {
        const commit = await writeCommit(repo, {
          tree,
          parents: parent ? [parent] : [],
          message: publicMessage(build, rows, edits),
          // The publisher's name; not their e-mail address, which the site shows nobody.
          author: { name: build.authorName ?? "", email: SITE_AUTHOR.email },
          time: Math.floor((build.publishedAt?.getTime() ?? 0) / 1000),
        });
        state.commits.push(commit);
        state.tree = tree;
      }
      state.siteCommits.push(build.commit);
    }
  } catch (error) {
    // A half-applied build leaves the state unusable: the next sync starts over.
    projection = null;
    throw error;
  }
  const head = state.commits.at(-1) ?? null;
  if (head !== state.served.commits.at(-1)) state.served = servedHistoryOf([...state.commits]);
  if (head && head !== state.refAt) {
    await git.writeRef({ fs, gitdir: repo.gitdir, ref: PUBLIC_REF, value: head, force: true });
    state.refAt = head;
  }
  return state.served;
}
