/** The subscribers as the dashboard shows them: how many, how the count grew, the list (and its CSV). */
import { desc, gte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";

export interface SubscriberRow {
  id: number;
  email: string;
  languages: "fa" | "en" | "both";
  locale: "fa" | "en";
  confirmedAt: string;
}

export interface SubscriberOverview {
  total: number;
  /** New subscribers per day (UTC), the last 30 days that had any, oldest first. */
  growth: { day: string; count: number }[];
  latest: SubscriberRow[];
}

const DAY_MS = 24 * 60 * 60_000;

function rowOf(row: typeof newsletterSubscribers.$inferSelect): SubscriberRow {
  return {
    id: row.id,
    email: row.email,
    languages: row.languages,
    locale: row.locale,
    confirmedAt: row.confirmedAt.toISOString(),
  };
}

export async function subscriberOverview(db: Database, now = Date.now(), limit = 100): Promise<SubscriberOverview> {
  const total = await db
    .select({ count: sql<number>`count(*)` })
    .from(newsletterSubscribers)
    .get();
  const day = sql<string>`strftime('%Y-%m-%d', ${newsletterSubscribers.confirmedAt} / 1000, 'unixepoch')`;
  const growth = await db
    .select({ day, count: sql<number>`count(*)` })
    .from(newsletterSubscribers)
    .where(gte(newsletterSubscribers.confirmedAt, new Date(now - 30 * DAY_MS)))
    .groupBy(day)
    .orderBy(day)
    .all();
  const latest = await db
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.id))
    .limit(limit)
    .all();
  return { total: total?.count ?? 0, growth, latest: latest.map(rowOf) };
}

/** A CSV field: quoted, quotes doubled, and a leading formula character defused for spreadsheets. */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Every subscriber as CSV, read a thousand rows at a time (the list may be long). */
export async function* subscribersCsv(db: Database): AsyncGenerator<string> {
  yield "email,languages,locale,confirmed_at\r\n";
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(newsletterSubscribers)
      .where(sql`${newsletterSubscribers.id} > ${after}`)
      .orderBy(newsletterSubscribers.id)
      .limit(1_000)
      .all();
    if (rows.length === 0) return;
    yield rows
      .map(
        (row) => [row.email, row.languages, row.locale, row.confirmedAt.toISOString()].map(csvField).join(",") + "\r\n",
      )
      .join("");
    after = rows.at(-1)!.id;
  }
}
