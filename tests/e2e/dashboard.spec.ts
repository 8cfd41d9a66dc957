/**
 * The dashboard's overview in Chromium: the site's numbers, the traffic chart in each language (Jalali dates and
 * Persian digits in fa, the time axis running from the start edge), its period switch and page filter, the
 * rankings; views reported by the page after navigations inside the site; screenshots in fa and en, desktop and
 * phone, light and dark.
 */
import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { pageViewDays, pageViews } from "~/db/schema";
import { DAY_MS, dayOf } from "~/traffic/days";
import { expect, open, signedInPage, snap, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

/** Six weeks of plausible traffic, written to the site's database: weekly rhythm, growth, a few bots. */
async function seedTraffic(dataDir: string) {
  const connection = await openDatabase(`file:${path.join(dataDir, "daftar.db")}`);
  const today = dayOf(Date.now());
  const pages = ["/", "/tuts/git-bisect", "/notes/learning-slowly", "/en", "/en/tuts/git-bisect", "/en/about", "/tags"];
  const referrers = [null, null, "google.com", "t.co", "news.ycombinator.com", "duckduckgo.com"];
  const agents = [
    ["Chrome", "Android", "mobile"],
    ["Safari", "iOS", "mobile"],
    ["Chrome", "Windows", "desktop"],
    ["Firefox", "Linux", "desktop"],
    ["Safari", "iOS", "tablet"],
  ] as const;
  const names = ["روباه کنجکاو", "Curious Otter", null, null];
  const rows: (typeof pageViews.$inferInsert)[] = [];
  let n = 0;
  for (let day = today - 41; day <= today; day++) {
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const count = Math.round((30 + (day - today + 41) * 1.5) * (weekday === 5 ? 0.6 : 1));
    for (let i = 0; i < count; i++, n++) {
      const [browser, os, device] = agents[(n + (n >> 3)) % agents.length]!;
      const routePath = pages[(n * 3 + day) % pages.length]!;
      rows.push({
        createdAt: new Date(day * DAY_MS + ((n * 7919) % DAY_MS)),
        day,
        routePath,
        locale: routePath.startsWith("/en") ? "en" : "fa",
        referrerHost: referrers[n % referrers.length]!,
        browser,
        os,
        device,
        isBot: n % 25 === 0,
        visitorKey: day * 1000 + (n % Math.ceil(count * 0.6)),
        visitorName: names[n % names.length]!,
      });
    }
  }
  try {
    for (let i = 0; i < rows.length; i += 200) await connection.db.insert(pageViews).values(rows.slice(i, i + 200));
    // The site sums up finished days a few seconds after it starts; if that came before this seed, its empty
    // summaries would hide the seeded days. Without summaries the dashboard reads those days from the log.
    await connection.db.delete(pageViewDays);
  } finally {
    connection.client.close();
  }
}

test.describe("the dashboard overview", () => {
  test.beforeAll(async ({ site }) => {
    await seedTraffic(site.dataDir);
  });

  test("Persian: counts, a chart with Jalali dates and Persian digits, a table, rankings", async ({
    browser,
    site,
  }) => {
    const page = await signedInPage(browser, site.url);
    await open(page, "/manage");
    await expect(page.getByTestId("count-pages").getByTestId("count-value")).toHaveText(/^[۰-۹]+$/);
    const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
    const users = Number((await connection.client.execute("select count(*) from users")).rows[0]?.[0]);
    connection.client.close();
    const persian = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    await expect(page.getByTestId("count-users").getByTestId("count-value")).toHaveText(persian(users));
    const chart = page.getByTestId("traffic-chart");
    await expect(chart.locator("svg .recharts-area-curve")).toBeVisible();
    const ticks = await chart
      .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .allTextContents();
    expect(ticks.length).toBeGreaterThan(2);
    for (const tick of ticks)
      expect(tick).toMatch(/^[۰-۹]+ (فروردین|اردیبهشت|خرداد|تیر|مرداد|شهریور|مهر|آبان|آذر|دی|بهمن|اسفند)$/);
    // Time runs from the start edge, right to left: the latest day is at the left end of the axis.
    const xs = await chart
      .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().x));
    expect(xs[0]!).toBeGreaterThan(xs.at(-1)!);
    await expect(page.getByTestId("total-views")).toHaveText(/^[۰-۹٬]+$/);
    await expect(page.getByTestId("chart-summary")).toContainText("پربازدیدترین روز");
    await expect(page.getByTestId("total-visitors-change")).toContainText("نسبت به ۳۰ روز پیش از آن");
    // The same numbers as a table, for anyone who cannot read the chart.
    await page.getByText("نمایش عددها در جدول").click();
    await expect(page.getByTestId("days-table").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("top-pages").getByTestId("ranking-row").first()).toBeVisible();
    await expect(page.getByTestId("top-devices")).toContainText("تلفن همراه");
    await expect(page.getByTestId("recent-views")).toContainText("روباه کنجکاو");
    await page.context().close();
  });

  test("English: the period switch and one page's chart", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    await open(page, "/en/manage");
    const ticks = page
      .getByTestId("traffic-chart")
      .locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
    await expect(ticks.first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
    // Compared with the 30 days before: the seeded traffic grows.
    await expect(page.getByTestId("total-views-change")).toHaveText(/^\+\d+% on the previous 30 days$/);
    const thirty = Number((await page.getByTestId("total-views").textContent())!.replace(/,/g, ""));
    await page.getByTestId("range-7").click();
    await expect(page).toHaveURL(/\?range=7$/);
    await expect(page.getByTestId("range-7")).toHaveAttribute("aria-current", "page");
    await page.getByText("Show the numbers as a table").click();
    await expect(page.getByTestId("days-table").locator("tbody tr")).toHaveCount(7);
    const seven = Number((await page.getByTestId("total-views").textContent())!.replace(/,/g, ""));
    expect(seven).toBeLessThan(thirty);

    const top = page.getByTestId("top-pages").getByTestId("ranking-row").first();
    const address = await top.getAttribute("data-value");
    await top.getByRole("link").click();
    await expect(page.getByTestId("chart-title")).toContainText(address!);
    await expect(page).toHaveURL(new RegExp(`pageRoute=${encodeURIComponent(address!).replace(/%2F/g, "(%2F|/)")}`));
    await expect(page.getByTestId("traffic-chart").locator("svg .recharts-area-curve")).toBeVisible();
    await page.getByTestId("all-pages").click();
    await expect(page.getByTestId("chart-title")).toHaveText("Page views and unique visitors per day");
    await page.context().close();
  });

  test("a navigation inside the site is reported once; the first page was counted by the server", async ({
    page,
    site,
  }) => {
    const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
    const last = async () =>
      Number((await connection.client.execute("select coalesce(max(id), 0) from page_views")).rows[0]?.[0]);
    const since = async (id: number) =>
      (
        await connection.client.execute({
          sql: "select route_path from page_views where id > ? order by id",
          args: [id],
        })
      ).rows.map((row) => String(row[0]));
    try {
      const start = await last();
      await open(page, "/en/tuts");
      await page.locator('a[href="/en/tuts/git-bisect"]').first().click();
      await expect(page).toHaveURL(/\/en\/tuts\/git-bisect$/);
      await expect.poll(() => since(start), { timeout: 15_000 }).toEqual(["/en/tuts", "/en/tuts/git-bisect"]);
      // Back is a view too; nothing else was reported meanwhile.
      await page.goBack();
      await expect
        .poll(() => since(start), { timeout: 15_000 })
        .toEqual(["/en/tuts", "/en/tuts/git-bisect", "/en/tuts"]);
    } finally {
      connection.client.close();
    }
  });

  test("axe finds nothing on the overview with its chart and table open: fa and en, light and dark, desktop and phone", async ({
    browser,
    site,
  }) => {
    test.setTimeout(240_000);
    const page = await signedInPage(browser, site.url);
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const prefix of ["", "/en"]) {
          await open(page, `${prefix}/manage?range=7`);
          await expect(page.getByTestId("traffic-chart").locator("svg .recharts-area-curve")).toBeVisible();
          await page.locator("details summary").first().click();
          const { violations } = await new AxeBuilder({ page }).analyze();
          expect(
            violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
            `${prefix}/manage ${scheme} at ${viewport.width}px`,
          ).toEqual([]);
        }
      }
    }
    await page.context().close();
  });

  test("screenshots: fa and en, desktop and phone, light and dark", async ({ browser, site }) => {
    const page = await signedInPage(browser, site.url);
    for (const [device, viewport] of [
      ["desktop", desktop],
      ["phone", phone],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        for (const [prefix, lang] of [
          ["", "fa"],
          ["/en", "en"],
        ] as const) {
          await page.setViewportSize(viewport);
          await page.emulateMedia({ colorScheme: scheme });
          await open(page, `${prefix}/manage`);
          await expect(page.getByTestId("traffic-chart").locator("svg .recharts-area-curve")).toBeVisible();
          await page.evaluate(() => document.fonts.ready);
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
          ).toBeLessThanOrEqual(0);
          await snap(page, `dashboard-${lang}-${device}-${scheme}`);
        }
      }
    }
    await page.context().close();
  });
});
