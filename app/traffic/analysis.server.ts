/**
 * What the dashboard reads of the visit log, for a range of days: views and visitors per day, and the pages,
 * referrers, browsers, systems, devices and languages with the most views. Finished days come from their
 * summaries (summaries.server.ts), the others (today, and any day not summed up yet) from the log itself, in
 * the same statements; every count is grouped in SQL. Bots are counted apart and nowhere else.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { pageViewDays, pageViews, type DeviceClass } from "~/db/schema";
import type { Locale } from "~/i18n/locales";
import { isoDate } from "./days";
import { dimensions, summarizedDays, type Dimension } from "./summaries.server";

export interface DayRange {
  /** First and last day, both included (UTC days, see days.ts). */
  from: number;
  to: number;
}

export interface DayCount {
  /** YYYY-MM-DD */
  date: string;
  views: number;
  visitors: number;
}

export interface Ranked {
  /** The page's address, the referrer's host ("" for direct visits), the browser's name … */
  value: string;
  views: number;
  visitors: number;
}

export interface TrafficReport {
  startDate: string;
  endDate: string;
  days: DayCount[];
  totals: { views: number; visitors: number; botViews: number };
  /** The same number of days just before the range, to compare with. */
  previous: { views: number; visitors: number };
  pages: Ranked[];
  referrers: Ranked[];
  browsers: Ranked[];
  os: Ranked[];
  devices: Ranked[];
  locales: Ranked[];
}

export interface RouteReport {
  pageRoute: string;
  startDate: string;
  endDate: string;
  days: DayCount[];
  totals: { views: number; visitors: number };
}

/** How many entries each ranking lists. */
export const TOP = 10;

/** The range split into days read from summaries and days read from the log. */
async function sources(db: Database, range: DayRange) {
  const summarized = [...(await summarizedDays(db, range.from, range.to))];
  const done = new Set(summarized);
  const raw: number[] = [];
  for (let day = range.from; day <= range.to; day++) if (!done.has(day)) raw.push(day);
  return { summarized: list(summarized), raw: list(raw) };
}

/** A list of days for `in (…)`; an empty one matches nothing. */
function list(days: number[]): SQL {
  return days.length
    ? sql.join(
        days.map((day) => sql`${day}`),
        sql`, `,
      )
    : sql`null`;
}

/** Views and visitors per day of a summary `dimension` (and `value`), every day of the range present. */
async function perDay(db: Database, range: DayRange, filter: { dimension: "total" | "bots" } | { page: string }) {
  const { summarized, raw } = await sources(db, range);
  const summary =
    "page" in filter ? sql`dimension = 'page' and value = ${filter.page}` : sql`dimension = ${filter.dimension}`;
  const log =
    "page" in filter
      ? sql`${pageViews.isBot} = 0 and ${pageViews.routePath} = ${filter.page}`
      : sql`${pageViews.isBot} = ${filter.dimension === "bots" ? 1 : 0}`;
  const rows = await db.all<{ day: number; views: number; visitors: number }>(sql`
    select day, views, visitors from ${pageViewDays} where ${summary} and day in (${summarized})
    union all
    select ${pageViews.day}, count(*), count(distinct ${pageViews.visitorKey}) from ${pageViews}
    where ${pageViews.day} in (${raw}) and ${log} group by ${pageViews.day}`);
  const byDay = new Map(rows.map((row) => [Number(row.day), row]));
  const days: DayCount[] = [];
  for (let day = range.from; day <= range.to; day++) {
    const row = byDay.get(day);
    days.push({ date: isoDate(day), views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) });
  }
  return days;
}

/** The `TOP` values of a dimension with the most views over the range (ties by value, so the order is stable). */
async function ranking(db: Database, dimension: Dimension, where: Awaited<ReturnType<typeof sources>>) {
  const column = dimensions[dimension];
  const rows = await db.all<Ranked>(sql`
    select value, sum(views) as views, sum(visitors) as visitors from (
      select value, views, visitors from ${pageViewDays}
      where dimension = ${dimension} and day in (${where.summarized})
      union all
      select ${column} as value, count(*) as views, count(distinct ${pageViews.visitorKey}) as visitors
      from ${pageViews} where ${pageViews.day} in (${where.raw}) and ${pageViews.isBot} = 0 group by ${column}
    ) group by value order by views desc, value limit ${TOP}`);
  return rows.map((row) => ({ value: String(row.value), views: Number(row.views), visitors: Number(row.visitors) }));
}

export async function trafficReport(db: Database, range: DayRange): Promise<TrafficReport> {
  const where = await sources(db, range);
  const length = range.to - range.from + 1;
  const before = { from: range.from - length, to: range.from - 1 };
  const [days, earlier, bots, pages, referrers, browsers, os, devices, locales] = await Promise.all([
    perDay(db, range, { dimension: "total" }),
    perDay(db, before, { dimension: "total" }),
    perDay(db, range, { dimension: "bots" }),
    ranking(db, "page", where),
    ranking(db, "referrer", where),
    ranking(db, "browser", where),
    ranking(db, "os", where),
    ranking(db, "device", where),
    ranking(db, "locale", where),
  ]);
  return {
    startDate: isoDate(range.from),
    endDate: isoDate(range.to),
    days,
    totals: {
      views: sum(days, "views"),
      // Visitor keys change every day, so the range's visitors are the sum of its days'.
      visitors: sum(days, "visitors"),
      botViews: sum(bots, "views"),
    },
    previous: { views: sum(earlier, "views"), visitors: sum(earlier, "visitors") },
    pages,
    referrers,
    browsers,
    os,
    devices,
    locales,
  };
}

/** Views and visitors of one page (its canonical address) per day. */
export async function routeReport(db: Database, pageRoute: string, range: DayRange): Promise<RouteReport> {
  const days = await perDay(db, range, { page: pageRoute });
  return {
    pageRoute,
    startDate: isoDate(range.from),
    endDate: isoDate(range.to),
    days,
    totals: { views: sum(days, "views"), visitors: sum(days, "visitors") },
  };
}

function sum(days: DayCount[], field: "views" | "visitors"): number {
  return days.reduce((total, day) => total + day[field], 0);
}

export interface RecentView {
  at: number;
  routePath: string;
  locale: Locale;
  visitorName: string | null;
  referrerHost: string | null;
  browser: string;
  os: string;
  device: DeviceClass;
}

/** The latest views by people (not bots), newest first. */
export async function recentViews(db: Database, limit = 8): Promise<RecentView[]> {
  const rows = await db
    .select({
      at: pageViews.createdAt,
      routePath: pageViews.routePath,
      locale: pageViews.locale,
      visitorName: pageViews.visitorName,
      referrerHost: pageViews.referrerHost,
      browser: pageViews.browser,
      os: pageViews.os,
      device: pageViews.device,
    })
    .from(pageViews)
    .where(eq(pageViews.isBot, false))
    .orderBy(desc(pageViews.id))
    .limit(limit)
    .all();
  return rows.map((row) => ({ ...row, at: row.at.getTime() }));
}
