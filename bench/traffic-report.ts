/**
 * How long the dashboard's traffic report takes over a visit log of 1,000,000 views spread over 90 days (300
 * pages, both languages, referrers, browsers, devices, 5 % bots): for 7, 30 and 90 days, first from the raw log
 * (before any day is summed up), then after the daily summaries are made, as they are every hour. Embedded
 * database in a temporary folder. Budget: the 90-day report within 250 ms once days are summed up.
 * Run: npx tsx bench/traffic-report.ts [views, default 1000000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { trafficReport } from "~/traffic/analysis.server";
import { DAY_MS, dayOf } from "~/traffic/days";
import { summarizeFinishedDays } from "~/traffic/summaries.server";

const total = Number(process.argv[2] ?? 1_000_000);
const budgetMs = 250;
const dir = mkdtempSync(path.join(tmpdir(), "daftar-traffic-bench-"));
const { client, db } = await openDatabase(`file:${path.join(dir, "bench.db")}`);

const time = async <T>(run: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
};

try {
  await runMigrations(db);
  const today = dayOf(Date.now());
  const pages = Array.from({ length: 300 }, (_, i) => (i % 3 ? `/notes/post-${i}` : `/en/notes/post-${i}`));
  const referrers = [null, null, null, "google.com", "t.co", "duckduckgo.com", "news.ycombinator.com", "github.com"];
  const browsers = ["Chrome", "Firefox", "Safari", "Edge", "Samsung Internet", "Other"];
  const systems = ["Android", "iOS", "Windows", "macOS", "Linux"];
  const devices = ["mobile", "desktop", "tablet"];
  const [, insertMs] = await time(async () => {
    const batch = 1000;
    for (let i = 0; i < total; i += batch) {
      const values: string[] = [];
      const args: (string | number | null)[] = [];
      for (let j = i; j < Math.min(total, i + batch); j++) {
        const day = today - 89 + Math.floor((j / total) * 90);
        const page = pages[Math.floor(Math.random() ** 2 * pages.length)]!;
        values.push("(?,?,?,?,?,?,?,?,?,?)");
        args.push(
          day * DAY_MS + (j % DAY_MS),
          day,
          page,
          page.startsWith("/en") ? "en" : "fa",
          referrers[j % referrers.length]!,
          browsers[j % browsers.length]!,
          systems[j % systems.length]!,
          devices[j % devices.length]!,
          j % 20 === 0 ? 1 : 0,
          Math.floor(Math.random() * 4000),
        );
      }
      await client.execute({
        sql: `insert into page_views (created_at, day, route_path, locale, referrer_host, browser, os, device, is_bot, visitor_key) values ${values.join(",")}`,
        args,
      });
    }
  });
  console.log(`${total.toLocaleString("en")} views over 90 days inserted in ${(insertMs / 1000).toFixed(1)} s`);

  const report = async (label: string) => {
    for (const days of [7, 30, 90]) {
      const range = { from: today - days + 1, to: today };
      await trafficReport(db, range);
      const [result, ms] = await time(() => trafficReport(db, range));
      console.log(
        `${label.padEnd(16)} ${String(days).padStart(2)} days: ${ms.toFixed(0).padStart(5)} ms  (${result.totals.views.toLocaleString("en")} views, ${result.totals.visitors.toLocaleString("en")} visitors)`,
      );
      if (days === 90) return ms;
    }
    return Infinity;
  };
  await report("raw log");
  const [made, summarizeMs] = await time(() => summarizeFinishedDays(db, 90));
  console.log(
    `${made} days summed up in ${(summarizeMs / 1000).toFixed(1)} s (${(summarizeMs / made).toFixed(0)} ms a day)`,
  );
  const summarized = await report("with summaries");
  const pass = summarized <= budgetMs;
  console.log(
    `90-day report with summaries ${summarized.toFixed(0)} ms (budget ${budgetMs} ms)  ${pass ? "PASS" : "FAIL"}`,
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  client.close();
  rmSync(dir, { recursive: true, force: true });
}
