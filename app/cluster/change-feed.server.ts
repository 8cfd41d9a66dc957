/**
 * How a change reaches the caches of every app instance sharing the database. A write that changes what a cache
 * holds runs in `changeTransaction` and announces the change there: the announcement is written to the change
 * log in the same transaction (so it exists exactly when the change does), applied to this process's caches
 * after the commit, and applied by every other instance when its follower reads the log, within a second.
 * No other service is needed: the database is the message bus.
 */
import { asc, gt, lt, max } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb, type Database } from "~/db/client.server";
import { changeLog } from "~/db/schema";
import { isTransaction, writeTransaction } from "~/db/transaction.server";
import type { Locale } from "~/i18n/locales";
import { instanceId } from "./instance.server";

/** A page that changed. */
export interface ContentChange {
  locale: Locale;
  /** The page's path without a locale prefix: "/", "/about", "/notes/some-post". */
  path: string;
}

/** What a change says, by topic. */
export interface ChangeTopics {
  /** Pages changed: the ones named, or (null) any of them. */
  content: readonly ContentChange[] | null;
  /** The app configuration changed. */
  settings: null;
  /** Only the whole documents of these pages are out of date (their comment count changed). */
  documents: readonly ContentChange[];
  /** A build was published: each instance brings its copy of the site's git repository up to date. */
  history: null;
  /** Published images were deleted (their keys), or (null) any may have been: each instance drops their variants. */
  media: readonly string[] | null;
}
export type ChangeTopic = keyof ChangeTopics;
export type SiteChange = { [K in ChangeTopic]: { topic: K; detail: ChangeTopics[K] } }[ChangeTopic];
export type Announce = (change: SiteChange) => void;

type Handler = (detail: unknown) => void;
const handlers = new Map<ChangeTopic, Set<Handler>>();

/** A cache's way to follow a topic, in this process and from the others. Registered once, at import. */
export function onSiteChange<K extends ChangeTopic>(topic: K, apply: (detail: ChangeTopics[K]) => void): () => void {
  const set = handlers.get(topic) ?? new Set<Handler>();
  handlers.set(topic, set);
  set.add(apply as Handler);
  return () => set.delete(apply as Handler);
}

function apply(changes: readonly SiteChange[]): void {
  for (const change of changes) {
    for (const handler of handlers.get(change.topic) ?? []) {
      try {
        handler(change.detail);
      } catch (error) {
        console.error(`Applying a "${change.topic}" change failed:`, error);
      }
    }
  }
}

/** Every topic at its widest: what an instance applies when it may have missed entries. */
const everything: SiteChange[] = [
  { topic: "content", detail: null },
  { topic: "settings", detail: null },
  { topic: "history", detail: null },
  { topic: "media", detail: null },
];

function logEntries(changes: readonly SiteChange[]) {
  return changes.map(({ topic, detail }) => ({ origin: instanceId, topic, detail: detail ?? null }));
}

/**
 * Runs `write` in one write transaction (`writeTransaction`: retried when the database is busy). What it
 * announces is logged in that transaction and applied here once it has committed. It must be given the
 * connection, not a transaction: changes applied before an outer commit would let caches refill with the old state.
 */
export async function changeTransaction<T>(
  db: Database,
  write: (tx: Database, announce: Announce) => Promise<T>,
): Promise<T> {
  if (isTransaction(db)) throw new Error("changeTransaction opens its own transaction: pass the connection");
  const changes: SiteChange[] = [];
  const result = await writeTransaction(db, async (tx) => {
    changes.length = 0; // a transaction retried after "busy" announces afresh
    const value = await write(tx, (change) => changes.push(change));
    if (changes.length) await tx.insert(changeLog).values(logEntries(changes));
    return value;
  });
  apply(changes);
  return result;
}

/**
 * One statement whose checks were made before it (reads need no lock), sent with its change-log entries as one
 * batch: atomic like a transaction, but a single round trip that holds the write lock only while the statements
 * run, which is what keeps a busy libSQL server from queueing writers. Build `write` on the connection
 * (`getDb()`). Returns the statement's result; the changes are applied here once it has committed.
 */
export async function changeStatement<T extends BatchItem<"sqlite">>(
  write: T,
  changes: readonly SiteChange[],
): Promise<T["_"]["result"]> {
  const db = await getDb();
  if (changes.length === 0) return (await db.batch([write]))[0];
  const [result] = await db.batch([write, db.insert(changeLog).values(logEntries(changes))]);
  apply(changes);
  return result;
}

/** How often an instance reads the log: changes reach it within this time and one database round trip. */
export const FOLLOW_INTERVAL_MS = 500;
/** Entries older than this are pruned; an instance that fell further behind treats everything as changed. */
export const CHANGE_LOG_RETENTION_MS = 60 * 60_000;
const BATCH = 500;

interface Follower {
  /** Reads and applies what other instances wrote since the last read. */
  catchUp(): Promise<void>;
  stop(): void;
}

/**
 * Follows the change log: from its current end (this process's caches start empty), or from the beginning
 * when the log does not exist yet (a site being installed). Returns a handle to stop it.
 */
export function followChanges(intervalMs = FOLLOW_INTERVAL_MS): Follower {
  let last: number | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  let running: Promise<void> | undefined;

  const read = async () => {
    const db = await getDb();
    if (last === undefined) {
      last = await logEnd(db);
      return;
    }
    for (;;) {
      const rows = await db
        .select()
        .from(changeLog)
        .where(gt(changeLog.id, last))
        .orderBy(asc(changeLog.id))
        .limit(BATCH)
        .all();
      if (rows.length === 0) return;
      // Ids have no holes but the pruned beginning: a jump means entries this instance never saw.
      if (last > 0 && rows[0]!.id !== last + 1) apply(everything);
      apply(
        rows
          .filter((row) => row.origin !== instanceId)
          .map((row) => ({ topic: row.topic, detail: row.detail }) as SiteChange),
      );
      last = rows.at(-1)!.id;
      if (rows.length < BATCH) return;
    }
  };

  const catchUp = () => {
    running ??= read()
      .then(() => {
        if (failing) console.log("The change log can be read again.");
        failing = false;
      })
      .catch((error: unknown) => {
        if (missingTable(error)) {
          last = 0;
          return;
        }
        // An outage: logged once, read again on the next tick from where it stopped.
        if (!failing) console.error("Reading the change log failed:", reasonOf(error));
        failing = true;
      })
      .finally(() => (running = undefined));
    return running;
  };

  const tick = () => {
    void catchUp().finally(() => {
      if (stopped) return;
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    });
  };
  tick();
  return {
    catchUp,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

async function logEnd(db: Database): Promise<number> {
  const row = await db
    .select({ end: max(changeLog.id) })
    .from(changeLog)
    .get();
  return row?.end ?? 0;
}

/** Housekeeping: forgets entries every instance has long applied. */
export async function pruneChangeLog(db: Database, now = Date.now()): Promise<void> {
  await db.delete(changeLog).where(lt(changeLog.createdAt, new Date(now - CHANGE_LOG_RETENTION_MS)));
}

function missingTable(error: unknown): boolean {
  return /no such table/i.test(reasonOf(error));
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
}

/** Announces a change whose write has already committed, or that no write made (a bulk reload). */
export function announceChange(db: Database, change: SiteChange): Promise<void> {
  return changeTransaction(db, async (_tx, announce) => announce(change));
}
