/**
 * Leases: background work that must happen once across every instance sharing the database (pruning, later
 * publishing) runs only in the instance holding its lease. A lease is a row that one instance can claim when
 * it is free or expired; the claim is one statement, so two instances can never both win it.
 */
import { and, eq, sql } from "drizzle-orm";
import { databaseFault } from "~/db/unavailable.server";
import { getDb, type Database } from "~/db/client.server";
import { leases } from "~/db/schema";
import { instanceId } from "./instance.server";

/** Claims (or extends, for its holder) the lease `name` for `ttlMs`. True when this instance holds it now. */
export async function takeLease(
  db: Database,
  name: string,
  ttlMs: number,
  { holder = instanceId, now = Date.now() } = {},
): Promise<boolean> {
  const expiresAt = new Date(now + ttlMs);
  const won = await db
    .insert(leases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: leases.name,
      set: { holder, expiresAt },
      setWhere: sql`${leases.expiresAt} <= ${now} or ${leases.holder} = ${holder}`,
    })
    .returning({ holder: leases.holder })
    .all();
  return won.length === 1;
}

/** Gives the lease back early (work that finished and should be free for others at once). */
export async function releaseLease(db: Database, name: string, holder = instanceId): Promise<void> {
  await db.delete(leases).where(and(eq(leases.name, name), eq(leases.holder, holder)));
}

/** A turn of periodic work: `held()` is false once the lease could not be renewed (work that loops stops then). */
export interface Turn {
  held(): boolean;
}

/**
 * Runs `job` while holding `lease`, renewed every third of `ttlMs` for as long as the job lasts: a turn longer than
 * the period keeps the lease, so no other instance starts the same work beside it. A renewal that fails (another
 * instance took the lease after this one stalled) makes `held()` false.
 */
async function holdingLease(
  db: Database,
  lease: string,
  ttlMs: number,
  holder: string,
  job: (db: Database, turn: Turn) => Promise<void>,
): Promise<void> {
  let held = true;
  const renewal = setInterval(() => {
    takeLease(db, lease, ttlMs, { holder }).then(
      (still) => void (held &&= still),
      () => (held = false),
    );
  }, ttlMs / 3);
  renewal.unref();
  try {
    await job(db, { held: () => held });
  } finally {
    clearInterval(renewal);
  }
}

/**
 * Runs `job` about every `everyMs`, on one instance of all that share the database: each instance tries at
 * its own pace, and the one that takes the period's lease does the work. The first attempt comes after
 * `firstAfterMs`. The lease is held for as long as the job runs (see `holdingLease`). Failures are logged; the next period tries again. Returns a function that stops it and settles
 * when a run in progress has ended (a server stopping closes the database after it). (`holder` names the
 * instance; tests give several schedulers in one process names of their own.)
 */
export function everyPeriod(
  name: string,
  everyMs: number,
  job: (db: Database, turn: Turn) => Promise<void>,
  { firstAfterMs = 5_000, holder = instanceId } = {},
): () => Promise<void> {
  const lease = `every:${name}`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let inProgress: Promise<void> | undefined;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => (inProgress = run()), delay);
    timer.unref();
  };
  // While the database cannot be reached, one line says so (not a stack trace every period).
  let waiting = false;
  const run = async () => {
    try {
      const db = await getDb();
      if (await takeLease(db, lease, everyMs, { holder })) await holdingLease(db, lease, everyMs, holder, job);
      waiting = false;
    } catch (error) {
      if (databaseFault(error)) {
        if (!waiting) console.error(`Background work "${name}" waits for the database: ${String(error)}`);
        waiting = true;
      } else if (!/no such table/i.test(String(error instanceof Error ? `${error.message} ${error.cause}` : error))) {
        console.error(`Background work "${name}" failed:`, error);
      }
    }
    // A little spread, so instances started together do not all ask at the same moment.
    schedule(everyMs * (0.9 + Math.random() * 0.2));
  };
  schedule(firstAfterMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inProgress;
  };
}
