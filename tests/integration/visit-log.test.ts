/**
 * The visit log over HTTP, against the production build: which answers count as views (documents from the cache
 * included) and what each view keeps; the settings (off, Do Not Track, full addresses) taking effect on a running
 * server; views reported by pages after navigations inside the site; and the analysis calls with good, bad and
 * Persian-digit dates.
 */
import { asc, gt } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { getDb } from "~/db/client.server";
import { pageViews } from "~/db/schema";
import { updateAppConfig } from "~/settings/app-config.server";
import { defaultAppConfig } from "~/settings/app-config";
import { dayOf, isoDate } from "~/traffic/days";
import { ApiClient } from "../helpers/api-client";
import { serveSeededApp } from "../helpers/app-server";
import { rawRequest } from "../helpers/raw-http";

const site = serveSeededApp();

const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Sends a GET as a browser would (raw: exactly these headers), from `from` (a loopback address). */
function visit(path: string, headers: Record<string, string> = {}, from = "127.0.0.1") {
  return rawRequest(site.url, path, { headers: { "user-agent": firefox, ...headers }, from });
}

let seen = 0;
/** The views written since the last call, once `marker` (a path visited last) is among them. */
async function newViews(marker: string) {
  const db = await getDb();
  const until = Date.now() + 5000;
  for (;;) {
    const rows = await db.select().from(pageViews).where(gt(pageViews.id, seen)).orderBy(asc(pageViews.id)).all();
    if (rows.some((row) => row.routePath === marker)) {
      seen = rows.at(-1)!.id;
      return rows;
    }
    if (Date.now() > until) throw new Error(`no view of ${marker} within 5 s: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function setVisitLog(patch: Partial<typeof defaultAppConfig.visitLog>) {
  await updateAppConfig({ visitLog: { ...defaultAppConfig.visitLog, ...patch } });
  // The server follows the change log every half second.
  await new Promise((resolve) => setTimeout(resolve, 1200));
}

describe("what counts as a view", () => {
  test("successful documents of public pages, from the renderer and from the document cache", async () => {
    const first = await visit("/en/about");
    const second = await visit("/en/about");
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers["x-document-cache"]).toBe("hit");
    await visit("/notes/learning-slowly");
    await visit("/fa/notes/learning-slowly");
    await visit("/tags");
    const rows = await newViews("/tags");
    expect(rows.map((row) => row.routePath)).toEqual([
      "/en/about",
      "/en/about",
      "/notes/learning-slowly",
      // The same Persian page at its prefixed address counts under its one canonical address.
      "/notes/learning-slowly",
      "/tags",
    ]);
    expect(rows.map((row) => row.locale)).toEqual(["en", "en", "fa", "fa", "fa"]);
  });

  test("a kept document the browser already holds (304 to its ETag) is a view too: the page is shown again", async () => {
    const shown = await visit("/en/contact");
    const again = await visit("/en/contact", { "if-none-match": String(shown.headers.etag) });
    expect(again.status).toBe(304);
    await visit("/tags");
    expect((await newViews("/tags")).map((row) => row.routePath)).toEqual(["/en/contact", "/en/contact", "/tags"]);
  });

  test("not: the API, data requests, files, redirects, missing pages, private pages, HEAD, prefetches", async () => {
    const skipped = [
      await visit("/api/search?q=git&locale=en"),
      await visit("/en/about.data"),
      await visit("/feed.xml"),
      await visit("/sitemap.xml"),
      await visit("/en/about/"),
      await visit("/en/no-such-page"),
      await visit("/manage"),
      await visit("/en/login"),
      await visit("/profile"),
      await visit("/403"),
      await visit("/en/about", { "sec-purpose": "prefetch" }),
      await visit("/en/about", { purpose: "prefetch" }),
    ];
    expect(skipped.map((answer) => answer.status)).toEqual([
      200, 200, 200, 200, 301, 404, 302, 200, 200, 403, 200, 200,
    ]);
    await rawRequest(site.url, "/en/contact", { method: "HEAD", headers: { "user-agent": firefox } });
    await visit("/en");
    expect((await newViews("/en")).map((row) => row.routePath)).toEqual(["/en"]);
  });
});

describe("what a view keeps", () => {
  test("browser, system and device class, bots flagged, referrer host or campaign, the identity's name", async () => {
    await visit("/en/about", { referer: "https://www.Example.com/some/page?q=1" });
    await visit("/en/about", { referer: `${site.url}/en` });
    await visit("/en/about?utm_source=Newsletter");
    await visit("/notes/learning-slowly", {
      "user-agent": iphone,
      cookie: `visitor-name=${encodeURIComponent("روباه کنجکاو")}`,
    });
    await visit("/en/contact", { "user-agent": googlebot });
    await visit("/en/contact", { "user-agent": "" });
    const rows = await newViews("/en/contact");
    expect(rows.map((row) => row.referrerHost)).toEqual(["example.com", null, "newsletter", null, null, null]);
    expect(rows[0]).toMatchObject({ browser: "Firefox", os: "Windows", device: "desktop", isBot: false });
    expect(rows[3]).toMatchObject({ browser: "Safari", os: "iOS", device: "mobile", visitorName: "روباه کنجکاو" });
    expect(rows.map((row) => row.isBot)).toEqual([false, false, false, false, true, true]);
    // Without the setting no address is kept; the visitor key is a number, the same for one browser on one day.
    expect(rows.every((row) => row.ipAddress === null)).toBe(true);
    expect(new Set(rows.slice(0, 3).map((row) => row.visitorKey)).size).toBe(1);
    expect(rows[3]!.visitorKey).not.toBe(rows[0]!.visitorKey);
    expect(rows.every((row) => row.day === dayOf(row.createdAt.getTime()))).toBe(true);
  });

  test("the identity cookie does not keep a page out of the document cache", async () => {
    await visit("/en/projects");
    const answer = await visit("/en/projects", { cookie: "visitor-name=Curious%20Otter; locale=en" });
    expect(answer.headers["x-document-cache"]).toBe("hit");
    const rows = await newViews("/en/projects");
    expect(rows.at(-1)!.visitorName).toBe("Curious Otter");
  });

  test("different addresses on the same browser are different visitors", async () => {
    await visit("/en/about", {}, "127.0.0.2");
    await visit("/en/about", {}, "127.0.0.3");
    await visit("/en/about", {}, "127.0.0.3");
    const rows = await newViews("/en/about");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.visitorKey).toBe(rows[2]!.visitorKey);
    expect(rows[0]!.visitorKey).not.toBe(rows[1]!.visitorKey);
  });
});

describe("settings take effect on the running server", () => {
  test("Do Not Track and Global Privacy Control are honoured by default, recorded when the setting is off", async () => {
    await visit("/en/about", { dnt: "1" });
    await visit("/en/about", { "sec-gpc": "1" });
    await visit("/en/contact");
    expect((await newViews("/en/contact")).map((row) => row.routePath)).toEqual(["/en/contact"]);

    await setVisitLog({ respectDoNotTrack: false });
    await visit("/en/about", { dnt: "1" });
    await visit("/en/contact");
    expect((await newViews("/en/contact")).map((row) => row.routePath)).toEqual(["/en/about", "/en/contact"]);
    await setVisitLog({});
  });

  test("full addresses are kept only when the setting asks", async () => {
    await setVisitLog({ keepFullAddresses: true });
    await visit("/en/about", {}, "127.0.0.9");
    expect((await newViews("/en/about")).at(-1)!.ipAddress).toBe("127.0.0.9");
    await setVisitLog({});
    await visit("/en/about", {}, "127.0.0.9");
    expect((await newViews("/en/about")).at(-1)!.ipAddress).toBeNull();
  });

  test("a visit log that is off records nothing", async () => {
    await setVisitLog({ enabled: false });
    await visit("/en/about");
    await visit("/en/contact");
    await setVisitLog({});
    await visit("/en/tags");
    expect((await newViews("/en/tags")).map((row) => row.routePath)).toEqual(["/en/tags"]);
  });
});

describe("views reported after navigations inside the site", () => {
  const report = (path: unknown, headers: Record<string, string> = {}) =>
    rawRequest(site.url, "/api/traffic/view", {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url, "user-agent": firefox, ...headers },
      body: JSON.stringify({ path }),
    });

  test("a page the site has is recorded under its canonical address; anything else is not", async () => {
    const answers = [
      await report("/fa/notes/learning-slowly"),
      await report("/en/tags"),
      await report("/en/notes"),
      await report("/en/no-such-page"),
      await report("/buy-cheap-things"),
    ];
    expect(answers.map((answer) => [answer.status, JSON.parse(answer.body).recorded])).toEqual([
      [202, true],
      [202, true],
      [202, true],
      [202, false],
      [202, false],
    ]);
    await visit("/en/contact");
    expect((await newViews("/en/contact")).map((row) => [row.routePath, row.referrerHost])).toEqual([
      ["/notes/learning-slowly", null],
      ["/en/tags", null],
      ["/en/notes", null],
      ["/en/contact", null],
    ]);
  });

  test("addresses that are no public page are refused with a message, and Do Not Track is honoured", async () => {
    for (const path of ["/manage", "/en/login", "/api/search", "notes", "", 5]) {
      const answer = await report(path, { "x-locale": "en" });
      expect(answer.status, String(path)).toBe(400);
      expect(JSON.parse(answer.body).message).toMatch(/not the address of a public page|Required|Invalid input/);
    }
    expect(JSON.parse((await report("/manage", { "x-locale": "en" })).body).message).toBe(
      "This is not the address of a public page.",
    );
    expect(JSON.parse((await report("/en/about", { dnt: "1" })).body).recorded).toBe(false);
  });
});

describe("the analysis calls", () => {
  let admin: ApiClient;
  beforeAll(async () => {
    admin = new ApiClient(site.url);
    await admin.login("admin");
  });

  const today = dayOf(Date.now());
  const persian = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

  test("traffic: the range's days, totals and rankings", async () => {
    const report = await admin.get<{
      startDate: string;
      endDate: string;
      days: { date: string; views: number; visitors: number }[];
      totals: { views: number; visitors: number; botViews: number };
      pages: { value: string; views: number }[];
      browsers: { value: string }[];
      devices: { value: string }[];
      locales: { value: string }[];
      referrers: { value: string }[];
    }>("/api/analysis/traffic");
    expect(report.status).toBe(200);
    // Thirty days up to today by default, every day present.
    expect(report.body.days).toHaveLength(30);
    expect(report.body.endDate).toBe(isoDate(today));
    expect(report.body.startDate).toBe(isoDate(today - 29));
    const views = await (await getDb()).select().from(pageViews).all();
    const people = views.filter((view) => !view.isBot);
    expect(report.body.totals.views).toBe(people.length);
    expect(report.body.totals.botViews).toBe(views.length - people.length);
    expect(report.body.days.at(-1)!.views).toBe(people.length);
    expect(report.body.totals.visitors).toBe(new Set(people.map((view) => view.visitorKey)).size);
    expect(report.body.pages[0]!.value).toBe("/en/about");
    expect(report.body.browsers.map((b) => b.value)).toContain("Firefox");
    expect(report.body.locales.map((l) => l.value).sort()).toEqual(["en", "fa"]);
    expect(report.body.referrers.map((r) => r.value)).toEqual(expect.arrayContaining(["", "example.com"]));
  });

  test("dates in Persian or Arabic-Indic digits are read as YYYY-MM-DD", async () => {
    const start = isoDate(today - 6);
    const end = isoDate(today);
    const arabic = end.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const answer = await admin.get<{ startDate: string; endDate: string; days: unknown[] }>(
      `/api/analysis/traffic?startDate=${encodeURIComponent(persian(start))}&endDate=${encodeURIComponent(arabic)}`,
    );
    expect(answer.status).toBe(200);
    expect([answer.body.startDate, answer.body.endDate, answer.body.days.length]).toEqual([start, end, 7]);
  });

  test.each([
    ["startDate=2026-1-5", "Invalid date format. Use YYYY-MM-DD."],
    ["startDate=2026-02-30", "Invalid date format. Use YYYY-MM-DD."],
    ["endDate=yesterday", "Invalid date format. Use YYYY-MM-DD."],
    ["endDate=2026-03-01T00:00", "Invalid date format. Use YYYY-MM-DD."],
    ["startDate=2026-03-02&endDate=2026-03-01", "The start date must not be after the end date."],
    ["startDate=2024-01-01&endDate=2026-01-01", "A date range can be at most 366 days long."],
  ])("%s is refused: %s", async (query, message) => {
    const answer = await admin.get(`/api/analysis/traffic?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  test("a bad date is refused in Persian for a Persian reader", async () => {
    const answer = await new ApiClient(site.url, "fa").clone().get("/api/analysis/traffic?startDate=x");
    expect(answer.status).toBe(401);
    const persianAdmin = new ApiClient(site.url, "fa");
    await persianAdmin.login("admin");
    const refused = await persianAdmin.get("/api/analysis/traffic?startDate=۱۴۰۵/۰۱/۰۱");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("قالب تاریخ نادرست است. از YYYY-MM-DD استفاده کنید.");
  });

  test("route: one page's views per day, whichever form of its address is asked", async () => {
    const db = await getDb();
    const expected = (await db.select().from(pageViews).all()).filter(
      (view) => !view.isBot && view.routePath === "/notes/learning-slowly",
    ).length;
    expect(expected).toBeGreaterThan(0);
    for (const pageRoute of ["/notes/learning-slowly", "/fa/notes/learning-slowly", "/fa/notes/learning-slowly?x=1"]) {
      const answer = await admin.get<{ pageRoute: string; totals: { views: number }; days: { views: number }[] }>(
        `/api/analysis/route?pageRoute=${encodeURIComponent(pageRoute)}&endDate=${persian(isoDate(today))}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.pageRoute).toBe("/notes/learning-slowly");
      expect(answer.body.totals.views).toBe(expected);
      expect(answer.body.days.at(-1)!.views).toBe(expected);
    }
    const missing = await admin.get("/api/analysis/route");
    expect([missing.status, missing.body.message]).toEqual([400, "Missing required fields: pageRoute"]);
    const notPage = await admin.get("/api/analysis/route?pageRoute=/manage/users");
    expect([notPage.status, notPage.body.message]).toEqual([400, "This is not the address of a public page."]);
    const badDate = await admin.get("/api/analysis/route?pageRoute=/en&startDate=20260101");
    expect([badDate.status, badDate.body.message]).toEqual([400, "Invalid date format. Use YYYY-MM-DD."]);
  });
});
