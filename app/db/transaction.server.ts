/**
 * The one way to run a write transaction. It opens `BEGIN IMMEDIATE` (libSQL's "write" mode), so writers queue
 * for the lock at the start instead of failing halfway when a read turns into a write. When the database still
 * answers "busy" (see `isBusy`), nothing was written, so the whole transaction runs again after a short random
 * pause, until a deadline. Anything else fails at once.
 */
import { SQLiteTransaction } from "drizzle-orm/sqlite-core";
import type { Database } from "./client.server";

/** How long a transaction keeps trying when the database is busy, in all. */
export const BUSY_RETRY_MS = 10_000;

export async function writeTransaction<T>(db: Database, write: (tx: Database) => Promise<T>): Promise<T> {
  // Inside a caller's transaction, this is part of it: no nested transaction, no retry of half a transaction.
  if (isTransaction(db)) return write(db);
  return retryWhenBusy(() => db.transaction((tx) => write(tx)));
}

/**
 * Runs `attempt` (a transaction or a batch: all or nothing) again while the database answers "busy", with random,
 * growing pauses so that waiting writers do not all come back at the same moment, for at most BUSY_RETRY_MS.
 */
export async function retryWhenBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  for (let round = 1; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50 * round, 500)));
    }
  }
}

/** Whether `db` is a transaction already open (rather than the connection). */
export function isTransaction(db: Database): boolean {
  return db instanceof SQLiteTransaction;
}

/**
 * Whether the database refused for now, having done nothing: another writer held the lock too long
 * (SQLITE_BUSY), or a libSQL server shed load ("429 Too Many Requests": sqld limits concurrent requests and
 * throttles when it is overloaded). Checked on the error and its causes.
 */
export function isBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === "SQLITE_BUSY") return true;
    if (
      typeof message === "string" &&
      /SQLITE_BUSY|database is locked|HTTP status 429|Too many concurrent/.test(message)
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
