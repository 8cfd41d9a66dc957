/**
 * Daily summaries of the visit log and its pruning, done by one instance for all (startVisitLogJobs). A day is
 * summed up once it is over (and a grace period for views still on their way): its views and visitors in total,
 * per page, referrer, browser, system, device and language, and its bot views. The dashboard then reads a few
 * rows per day instead of every view; the day's raw views stay until the retention removes them.
 */
import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import { everyPeriod } from "~/cluster/leases.server";
import type { Database } from "~/db/client.server";
import { writeTransaction } from "~/db/transaction.server";
import { pageViewBatches, pageViewDays, pageViews, visitorSalts } from "~/db/schema";
import { getAppConfig } from "~/settings/app-config.server";
import { dayOf, DAY_MS } from "./days";
import { visitLogSettingsOf } from "./visit-log.server";

/** How long after midnight (UTC) a day counts as over: views noted before it are written within seconds. */
export const SUMMARY_GRACE_MS = 15 * 60_000;

/** What the summaries group by, and the column of the log each reads. */
export const dimensions = {
  page: sql`${pageViews.routePath}`,
  referrer: sql`coalesce(${pageViews.referrerHost}, '')`,
  browser: sql`${pageViews.browser}`,
  os: sql`${pageViews.os}`,
  device: sql`${pageViews.device}`,
  locale: sql`${pageViews.locale}`,
} as const;
export type Dimension = keyof typeof dimensions;

/** The last day that is over at `now`. */
export function lastFinishedDay(now: number): number {
  return dayOf(now - SUMMARY_GRACE_MS) - 1;
}

/** Sums up one day (again, if it was): its rows replace any it had, in one transaction. */
export async function summarizeDay(db: Database, day: number): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await tx.delete(pageViewDays).where(eq(pageViewDays.day, day));
    for (const [dimension, column] of Object.entries(dimensions)) {
      await tx.run(sql`
        insert into ${pageViewDays} (dimension, day, value, views, visitors)
        select ${dimension}, ${day}, ${column}, count(*), count(distinct ${pageViews.visitorKey})
        from ${pageViews} where ${pageViews.day} = ${day} and ${pageViews.isBot} = 0
        group by ${column}`);
    }
    // These two always give one row (an aggregate without GROUP BY), so a day without views has its "total" too.
    for (const [dimension, bots] of [
      ["bots", 1],
      ["total", 0],
    ] as const) {
      await tx.run(sql`
        insert into ${pageViewDays} (dimension, day, value, views, visitors)
        select ${dimension}, ${day}, '', count(*), count(distinct ${pageViews.visitorKey})
        from ${pageViews} where ${pageViews.day} = ${day} and ${pageViews.isBot} = ${bots}`);
    }
  });
}

/** The days from `from` to `to` that have their summaries. */
export async function summarizedDays(db: Database, from: number, to: number): Promise<Set<number>> {
  const rows = await db
    .select({ day: pageViewDays.day })
    .from(pageViewDays)
    .where(and(eq(pageViewDays.dimension, "total"), gte(pageViewDays.day, from), lte(pageViewDays.day, to)))
    .all();
  return new Set(rows.map((row) => row.day));
}

/** Sums up every finished day within the retention that has no summaries yet. Returns how many it did. */
export async function summarizeFinishedDays(db: Database, retentionDays: number, now = Date.now()): Promise<number> {
  const last = lastFinishedDay(now);
  const first = dayOf(now) - Math.max(1, retentionDays) + 1;
  const done = await summarizedDays(db, first, last);
  let count = 0;
  for (let day = first; day <= last; day++) {
    if (done.has(day)) continue;
    await summarizeDay(db, day);
    count++;
  }
  return count;
}

/** Rows deleted per statement: an embedded database is not held for long by a large first pruning. */
const PRUNE_CHUNK = 5000;

/**
 * Removes views and summaries of days before the retention (the last `retentionDays` days, today included are
 * kept), the salts of days that are over, and the record of written batches after a day.
 */
export async function pruneVisitLog(db: Database, retentionDays: number, now = Date.now()): Promise<number> {
  const firstKept = dayOf(now) - Math.max(1, retentionDays) + 1;
  let removed = 0;
  for (;;) {
    const result = await db.run(sql`
      delete from ${pageViews} where ${pageViews.id} in (
        select ${pageViews.id} from ${pageViews} where ${pageViews.day} < ${firstKept} limit ${PRUNE_CHUNK})`);
    removed += result.rowsAffected;
    if (result.rowsAffected < PRUNE_CHUNK) break;
    // Let requests in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  await db.delete(pageViewDays).where(lt(pageViewDays.day, firstKept));
  await db.delete(visitorSalts).where(lt(visitorSalts.day, dayOf(now)));
  await db.delete(pageViewBatches).where(lt(pageViewBatches.createdAt, new Date(now - DAY_MS)));
  return removed;
}

export const SUMMARIZE_EVERY_MS = 60 * 60_000;
export const PRUNE_EVERY_MS = 24 * 60 * 60_000;

/** Summaries every hour and pruning every day, each on one instance of all that share the database. */
export function startVisitLogJobs(): () => Promise<void> {
  const retention = async () => visitLogSettingsOf(await getAppConfig()).retentionDays;
  const stops = [
    everyPeriod("visit-log-summaries", SUMMARIZE_EVERY_MS, async (db) => {
      await summarizeFinishedDays(db, await retention());
    }),
    everyPeriod("visit-log-pruning", PRUNE_EVERY_MS, async (db) => {
      await pruneVisitLog(db, await retention());
    }),
  ];
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
