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

/**
 * The rows behind the last few fingerprints, by table, so that a failed comparison can say what changed (a
 * failure's summary shows its first lines only: a bare pair of hashes would say nothing).
 */
const recent = new Map<string, Map<string, string[]>>();
const RECENT = 6;

export async function databaseFingerprint(db: Database): Promise<string> {
  const tables = await db.all<{ name: string }>(
    sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`,
  );
  const hash = createHash("sha256");
  const snapshot = new Map<string, string[]>();
  for (const { name } of tables) {
    const skip = volatile[name] ?? [];
    if (skip.includes("*") || name.startsWith("search_")) continue;
    const rows = await db.all<Record<string, unknown>>(sql.raw(`SELECT * FROM "${name}" ORDER BY rowid`));
    hash.update(name);
    const lines = rows.map((row) => {
      for (const column of skip) delete row[column];
      return JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? String(value) : value));
    });
    for (const line of lines) hash.update(line);
    snapshot.set(name, lines);
  }
  const fingerprint = hash.digest("hex");
  recent.delete(fingerprint);
  recent.set(fingerprint, snapshot);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  return fingerprint;
}

/** What differs between two fingerprints' rows: each changed table with its first changed row, before and after. */
export function describeChange(before: string, after: string): string {
  const was = recent.get(before);
  const is = recent.get(after);
  if (!was || !is) return "(the rows behind these fingerprints are no longer kept)";
  const changes: string[] = [];
  for (const name of new Set([...was.keys(), ...is.keys()])) {
    const old = was.get(name) ?? [];
    const now = is.get(name) ?? [];
    const at = old.findIndex((line, index) => line !== now[index]);
    const first = at === -1 ? old.length : at;
    if (old.length === now.length && at === -1) continue;
    changes.push(
      `${name} (${old.length} → ${now.length} rows): ${old[first]?.slice(0, 300) ?? "none"} → ${now[first]?.slice(0, 300) ?? "none"}`,
    );
  }
  return changes.join("; ");
}

/** Fails, naming what changed, unless the database is as it was when `before` was taken. */
export async function expectDatabaseUnchanged(db: Database, before: string): Promise<void> {
  const after = await databaseFingerprint(db);
  if (after !== before) throw new Error(`The database changed: ${describeChange(before, after)}`);
}

/**
 * Waits until publishing's work has ended: no build being published, no push (the site's own repository's commit,
 * a remote host's) still owed, and no new post the newsletter has yet to turn into a send and queue (it does so
 * even with no subscribers). Those end in the background, on timers, some seconds after the publish answered: a
 * fingerprint taken before would see them end rather than what the request did.
 */
export async function untilPublishingSettles(db: Database, ms = 30_000): Promise<void> {
  // One after another, in the order the work moves through them: a step found finished was finished before the
  // next one is looked at, so work moving on between two reads cannot slip past both. Read at once (a libSQL
  // server answers in any order), a send could be looked for before its post gave rise to it and the post after.
  const owed = [
    () => db.select({ id: builds.id }).from(builds).where(eq(builds.status, "publishing")),
    () => db.select({ id: buildPushes.id }).from(buildPushes).where(eq(buildPushes.state, "pending")),
    () =>
      db
        .select({ id: newsletterPosts.id })
        .from(newsletterPosts)
        .where(and(isNull(newsletterPosts.sendId), lte(newsletterPosts.dueAt, new Date()))),
    () => db.select({ id: newsletterSends.id }).from(newsletterSends).where(isNull(newsletterSends.queuedAt)),
  ];
  await within(ms, async () => {
    for (const rows of owed) if ((await rows()).length > 0) return false;
    return true;
  });
}
