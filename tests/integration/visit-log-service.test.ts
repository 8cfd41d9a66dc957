/**
 * The visit log's services on a real database (a file, or sqld in the second run): unique visitors by the day's
 * salt, daily summaries that give exactly what the raw log gives, late views that reopen a finished day, and
 * pruning by the retention; nothing is written before the site is installed.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { pageViewDays, pageViews, visitorSalts } from "~/db/schema";
import { updateAppConfig } from "~/settings/app-config.server";
import { trafficReport, routeReport } from "~/traffic/analysis.server";
import { DAY_MS, dayOf } from "~/traffic/days";
import {
  lastFinishedDay,
  pruneVisitLog,
  summarizeDay,
  summarizeFinishedDays,
  summarizedDays,
} from "~/traffic/summaries.server";
import { flushViews, noteView, waitingViews, type ViewHit } from "~/traffic/visit-log.server";

const today = dayOf(Date.now());
const noon = (day: number) => day * DAY_MS + DAY_MS / 2;
const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36";

function hit(overrides: Partial<ViewHit> = {}): ViewHit {
  return {
    at: Date.now(),
    routePath: "/en/about",
    locale: "en",
    referrerHost: null,
    userAgent: chrome,
    address: "198.51.100.7",
    visitorName: null,
    optedOut: false,
    ...overrides,
  };
}

async function write(hits: ViewHit[]) {
  for (const h of hits) noteView(h);
  await flushViews();
  expect(waitingViews()).toBe(0);
}

async function clear() {
  const db = await getDb();
  await db.delete(pageViews);
  await db.delete(pageViewDays);
}

beforeAll(async () => {
  await runMigrations(await getDb());
  // Nothing is logged before the site is installed.
  await updateAppConfig({ installed: true });
});

test("before the site is installed nothing is written", async () => {
  await updateAppConfig({ installed: false });
  await write([hit()]);
  expect(await (await getDb()).$count(pageViews)).toBe(0);
  await updateAppConfig({ installed: true });
});

test("views the database refuses are given up, and the views after them are written", async () => {
  await clear();
  const db = await getDb();
  // A rule the rows break, as a schema change could make: no retry would ever get them in.
  await db.run(sql`create trigger refuse_views before insert on page_views when new.route_path = '/refused'
    begin select raise(abort, 'refused'); end`);
  const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
  try {
    noteView(hit({ routePath: "/refused" }));
    await flushViews();
    noteView(hit({ routePath: "/en/contact" }));
    await flushViews();
    expect(waitingViews()).toBe(0);
    expect(errors).toHaveBeenCalledWith(
      "The visit log gave up 1 views the database refuses:",
      expect.stringMatching(/SQLITE_CONSTRAINT/),
    );
  } finally {
    errors.mockRestore();
    await db.run(sql`drop trigger refuse_views`);
  }
  const rows = await db.select().from(pageViews).all();
  expect(rows.map((row) => row.routePath)).toEqual(["/en/contact"]);
});

describe("unique visitors", () => {
  test("the same browser twice on one day is one visitor; the next day's salt makes it a new key", async () => {
    await clear();
    const day = today - 3;
    await write([
      hit({ at: noon(day) }),
      hit({ at: noon(day) + 60_000, routePath: "/en/contact" }),
      hit({ at: noon(day), address: "198.51.100.8" }),
      hit({ at: noon(day + 1) }),
    ]);
    const db = await getDb();
    const rows = await db.select().from(pageViews).orderBy(pageViews.id).all();
    expect(rows[0]!.visitorKey).toBe(rows[1]!.visitorKey);
    expect(rows[2]!.visitorKey).not.toBe(rows[0]!.visitorKey);
    expect(rows[3]!.visitorKey).not.toBe(rows[0]!.visitorKey);
    const salts = await db.select().from(visitorSalts).all();
    expect(salts.map((salt) => salt.day).sort()).toEqual(expect.arrayContaining([day, day + 1]));

    const report = await trafficReport(db, { from: day, to: day + 1 });
    expect(report.days.map((d) => [d.views, d.visitors])).toEqual([
      [3, 2],
      [1, 1],
    ]);
    expect(report.totals).toEqual({ views: 4, visitors: 3, botViews: 0 });
    expect(report.pages).toEqual([
      { value: "/en/about", views: 3, visitors: 3 },
      { value: "/en/contact", views: 1, visitors: 1 },
    ]);
  });
});

describe("summaries", () => {
  /** A varied log over ten days: pages, languages, referrers, browsers, devices, bots, repeat visitors. */
  function variedHits(): ViewHit[] {
    const agents = [
      chrome,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Linux; Android 15; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36",
      "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    ];
    const paths = ["/", "/notes/learning-slowly", "/en", "/en/about", "/en/tuts/git-bisect"];
    const hits: ViewHit[] = [];
    // mulberry32: a small generator whose every bit varies, so each choice below is really spread.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((((x ^ (x >>> 14)) >>> 0) / 2 ** 32) * n) | 0;
    };
    for (let day = today - 9; day <= today; day++) {
      for (let i = 0; i < 40; i++) {
        const routePath = paths[next(paths.length)]!;
        hits.push(
          hit({
            at: day * DAY_MS + next(DAY_MS),
            routePath,
            locale: routePath.startsWith("/en") ? "en" : "fa",
            referrerHost: [null, "example.com", "news.example.org"][next(3)]!,
            userAgent: agents[next(agents.length)]!,
            address: `203.0.113.${next(12)}`,
          }),
        );
      }
    }
    return hits.sort((a, b) => a.at - b.at);
  }

  test("a report from summaries is the report from the raw log", async () => {
    await clear();
    const db = await getDb();
    await write(variedHits());
    const range = { from: today - 9, to: today };
    const raw = await trafficReport(db, range);
    const page = await routeReport(db, "/en/about", range);
    expect((await summarizedDays(db, range.from, range.to)).size).toBe(0);

    const made = await summarizeFinishedDays(db, 90);
    expect(made).toBe(lastFinishedDay(Date.now()) - (today - 90));
    expect([...(await summarizedDays(db, range.from, range.to))].sort()).toEqual(
      Array.from({ length: lastFinishedDay(Date.now()) - range.from + 1 }, (_, i) => range.from + i),
    );
    expect(await trafficReport(db, range)).toEqual(raw);
    expect(await routeReport(db, "/en/about", range)).toEqual(page);
    expect(raw.totals.botViews).toBeGreaterThan(0);
    expect(raw.devices.map((d) => d.value).sort()).toEqual(["desktop", "mobile", "tablet"]);
    // The period before is there to compare with: the five days before the last five.
    const lastFive = await trafficReport(db, { from: today - 4, to: today });
    expect(lastFive.previous).toEqual({
      views: raw.days.slice(0, 5).reduce((total, day) => total + day.views, 0),
      visitors: raw.days.slice(0, 5).reduce((total, day) => total + day.visitors, 0),
    });
    // A second pass has nothing left to do.
    expect(await summarizeFinishedDays(db, 90)).toBe(0);
  });

  test("a late view of a finished day reopens it, and summing it up again counts it", async () => {
    await clear();
    const db = await getDb();
    const day = today - 2;
    await write([hit({ at: noon(day) })]);
    await summarizeDay(db, day);
    expect((await summarizedDays(db, day, day)).has(day)).toBe(true);

    await write([hit({ at: noon(day) + 1000, address: "198.51.100.99" })]);
    expect((await summarizedDays(db, day, day)).has(day)).toBe(false);
    expect((await trafficReport(db, { from: day, to: day })).totals.views).toBe(2);
    await summarizeDay(db, day);
    const total = await db.select().from(pageViewDays).where(eq(pageViewDays.dimension, "total")).all();
    expect(total.map((row) => [row.day, row.views, row.visitors])).toEqual([[day, 2, 2]]);
  });
});

describe("pruning", () => {
  test("views and summaries older than the retention go, with past days' salts; the rest stays", async () => {
    await clear();
    const db = await getDb();
    await write([
      hit({ at: noon(today - 120) }),
      hit({ at: noon(today - 90) }),
      hit({ at: noon(today - 89) }),
      hit({ at: Date.now() }),
    ]);
    await summarizeDay(db, today - 120);
    await summarizeDay(db, today - 89);
    const removed = await pruneVisitLog(db, 90);
    expect(removed).toBe(2);
    const days = (await db.select({ day: pageViews.day }).from(pageViews).all()).map((row) => row.day).sort();
    expect(days).toEqual([today - 89, today]);
    expect([...new Set((await db.select().from(pageViewDays).all()).map((row) => row.day))]).toEqual([today - 89]);
    expect((await db.select().from(visitorSalts).all()).map((salt) => salt.day)).toEqual([today]);
  });

  test("a large backlog is pruned in chunks", async () => {
    await clear();
    const db = await getDb();
    const old = Array.from({ length: 12_000 }, (_, i) => hit({ at: noon(today - 40) + i }));
    await write(old);
    expect(await pruneVisitLog(db, 30)).toBe(12_000);
    expect(await db.$count(pageViews)).toBe(0);
  });
});
