/**
 * A hash of everything the database holds that a request could change, to prove that a refused request changed
 * nothing. Left out: rate-limit counters (a refused attempt is counted by design), the times a session or
 * device was last seen (reading a session refreshes them), the visit log (written a moment after the views
 * it records, whatever came after them), the leases of background work (taken on a timer, not by requests), the
 * record of each import's attempt and progress (a failed import says so there, having changed nothing else) and
 * the search index (`search_*`: made from the pages in the background after a change, never by a request itself;
 * some of its tables are full-text tables without row ids).
 */
import { createHash } from "node:crypto";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { buildPushes, builds, newsletterPosts, newsletterSends } from "~/db/schema";
import { within } from "./within";

const volatile: Record<string, string[]> = {
  rate_limits: ["*"],
  leases: ["*"],
  import_runs: ["*"],
  sessions: ["last_seen_at", "expires_at"],
  devices: ["last_activity_at"],
  page_views: ["*"],
  page_view_days: ["*"],
  page_view_batches: ["*"],
  visitor_salts: ["*"],
};

export async function databaseFingerprint(db: Database): Promise<string> {
  const tables = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`,
  );
  const hash = createHash("sha256");
  for (const { name } of tables) {
    const skip = volatile[name] ?? [];
    if (skip.includes("*") || name.startsWith("search_")) continue;
    const rows = await db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM "${name}" ORDER BY rowid`));
    hash.update(name);
    for (const row of rows) {
      for (const column of skip) delete row[column];
      hash.update(JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value)));
    }
  }
  return hash.digest("hex");
}

/**
 * Waits until publishing's work has ended: no build being published, no push (the site's own repository's commit,
 * a remote host's) still owed, and no new post the newsletter has yet to turn into a send and queue (it does so
 * even with no subscribers). Those end in the background, on timers, some seconds after the publish answered: a
 * fingerprint taken before would see them end rather than what the request did.
 */
export async function untilPublishingSettles(db: Database, ms = 30_000): Promise<void> {
  await within(ms, async () => {
    const owed = await Promise.all([
      db.select({ id: buildPushes.id }).from(buildPushes).where(eq(buildPushes.state, "pending")),
      db.select({ id: builds.id }).from(builds).where(eq(builds.status, "publishing")),
      db
        .select({ id: newsletterPosts.id })
        .from(newsletterPosts)
        .where(and(isNull(newsletterPosts.sendId), lte(newsletterPosts.dueAt, new Date()))),
      db.select({ id: newsletterSends.id }).from(newsletterSends).where(isNull(newsletterSends.queuedAt)),
    ]);
    return owed.every((rows) => rows.length === 0);
  });
}
