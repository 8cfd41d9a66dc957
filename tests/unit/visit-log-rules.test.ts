/** The visit log's pure rules: user agents, which addresses are public pages, referrers, dates and ranges. */
import { describe, expect, test } from "vitest";
import { classifyAgent } from "~/traffic/agent-class";
import { dayOf, dayOfIsoDate, isoDate } from "~/traffic/days";
import { publicPagePath } from "~/traffic/public-page-path";
import { referrerSource } from "~/traffic/referrer";
import { dashboardQuery, routeQuery, trafficQuery } from "~/traffic/schema";

describe("user agents", () => {
  test.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
      { browser: "Chrome", os: "Windows", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Edg/141.0.0.0",
      { browser: "Edge", os: "Windows", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15",
      { browser: "Safari", os: "macOS", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/141.0 Mobile/15E148 Safari/604.1",
      { browser: "Chrome", os: "iOS", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari", os: "iOS", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 15; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0 Mobile Safari/537.36",
      { browser: "Samsung Internet", os: "Android", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36",
      { browser: "Chrome", os: "Android", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
      { browser: "Firefox", os: "Linux", device: "desktop" },
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Safari/537.36 OPR/110.0",
      { browser: "Opera", os: "ChromeOS", device: "desktop" },
    ],
    ["curl/8.5.0", { browser: "Other", os: "Other", device: "desktop" }],
    ["", { browser: "Other", os: "Other", device: "desktop" }],
  ])("%s", (ua, expected) => {
    expect(classifyAgent(ua)).toEqual(expected);
  });
});

describe("public pages", () => {
  test.each([
    ["/", { locale: "fa", routePath: "/" }],
    ["/fa", { locale: "fa", routePath: "/" }],
    ["/en", { locale: "en", routePath: "/en" }],
    ["/fa/notes/x", { locale: "fa", routePath: "/notes/x" }],
    ["/en/notes/x", { locale: "en", routePath: "/en/notes/x" }],
    ["/tags/%D8%A2%D9%85%D9%88%D8%B2%D8%B4", { locale: "fa", routePath: "/tags/آموزش" }],
    ["/notes/node.js", { locale: "fa", routePath: "/notes/node.js" }],
  ])("%s is a public page", (path, expected) => {
    expect(publicPagePath(path)).toEqual(expected);
  });

  test.each([
    "/manage",
    "/en/manage/users",
    "/fa/login",
    "/register",
    "/en/profile",
    "/forgot-password",
    "/en/reset-password",
    "/fa/confirm-email",
    "/403",
    "/preview/token",
    "/Preview/token",
    "/en/PREVIEW/token",
    "/Manage",
    "/api/search",
    "/en/about.data",
    "/_root.data",
    "/share-image/en/about.png",
    "//evil.example/x",
    "/%E0%A4%A",
    "/notes/%00",
    `/${"x".repeat(600)}`,
    "notes",
  ])("%s is not", (path) => {
    expect(publicPagePath(path)).toBeNull();
  });
});

describe("referrers", () => {
  const url = new URL("https://daftar.example/en/about?utm_source=Mastodon");
  test("another site's host without www; the site itself and other schemes are no referrer", () => {
    expect(referrerSource("https://www.Google.com/search?q=x", url)).toBe("google.com");
    expect(referrerSource("https://daftar.example/en", new URL("https://daftar.example/en/about"))).toBeNull();
    expect(referrerSource("https://www.daftar.example/en", new URL("https://daftar.example/en/about"))).toBeNull();
    expect(referrerSource("android-app://com.slack/", new URL("https://daftar.example/x"))).toBeNull();
    expect(referrerSource("not a url", new URL("https://daftar.example/x"))).toBeNull();
    expect(referrerSource("https://{{x('1')}}.example/", new URL("https://daftar.example/x"))).toBeNull();
    expect(referrerSource("https://بازار.example/", new URL("https://daftar.example/x"))).toBe("xn--mgbab2bd.example");
  });
  test("without one, the campaign a link names", () => {
    expect(referrerSource(undefined, url)).toBe("mastodon");
    expect(referrerSource(undefined, new URL("https://daftar.example/?ref=\u202Enews\u0000"))).toBe("news");
    expect(referrerSource("https://t.co/x", url)).toBe("t.co");
  });
});

describe("dates and ranges", () => {
  test("real calendar dates only", () => {
    expect(isoDate(dayOfIsoDate("2026-03-21")!)).toBe("2026-03-21");
    expect(dayOfIsoDate("2024-02-29")).toBeDefined();
    for (const bad of ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-1", "20260101", "2026-01-01 "]) {
      expect(dayOfIsoDate(bad), bad).toBeUndefined();
    }
    expect(dayOf(Date.UTC(2026, 2, 21, 23, 59))).toBe(dayOfIsoDate("2026-03-21"));
  });

  test("the default range is the last 30 days; one end given, 30 days from or to it", () => {
    const today = dayOf(Date.now());
    expect(trafficQuery.parse({})).toEqual({ from: today - 29, to: today });
    expect(trafficQuery.parse({ startDate: "2026-01-01" })).toEqual({
      from: dayOfIsoDate("2026-01-01"),
      to: dayOfIsoDate("2026-01-30"),
    });
    expect(trafficQuery.parse({ endDate: "۲۰۲۶-۰۱-۳۰" })).toEqual({
      from: dayOfIsoDate("2026-01-01"),
      to: dayOfIsoDate("2026-01-30"),
    });
    expect(trafficQuery.safeParse({ startDate: "2025-01-01", endDate: "2026-01-01" }).success).toBe(true);
    expect(trafficQuery.safeParse({ startDate: "2025-01-01", endDate: "2026-01-02" }).success).toBe(false);
  });

  test("a page route is read as its canonical address", () => {
    expect(routeQuery.parse({ pageRoute: "/fa/notes/x?utm_source=a" })).toMatchObject({ pageRoute: "/notes/x" });
    expect(routeQuery.safeParse({ pageRoute: "/manage" }).success).toBe(false);
    expect(dashboardQuery.parse({})).toEqual({ range: "30" });
    expect(dashboardQuery.safeParse({ range: "365" }).success).toBe(false);
  });
});
