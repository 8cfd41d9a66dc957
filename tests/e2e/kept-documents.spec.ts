/**
 * A document kept for anonymous visitors names its inline scripts by hash in its policy: in a real browser they
 * all run (the page's color mode, zod's setting, hydration) with no violation, in Persian and English, and a
 * script added to the document on its way (not one of those it was kept with) is refused while the rest still run.
 */
import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";

/** Collects the policy's violations on every page the browser opens from now on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
      ),
    );
  });
  return violations;
}

for (const path of ["/tuts/git-bisect", "/en/tuts/git-bisect", "/", "/en"]) {
  test(`${path}: the kept document's scripts run in the browser without a violation`, async ({ page }) => {
    const violations = await watchViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    // The first visit keeps the document; the second is served from memory.
    await open(page, path);
    const response = await open(page, path);
    expect(response?.headers()["x-document-cache"]).toBe("hit");
    expect(response?.headers()["content-encoding"]).toBe("br");
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).not.toContain("'nonce-");
    // The inline scripts ran: the color mode follows the system, zod was told not to compile with eval.
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => (globalThis as { __zod_globalConfig?: unknown }).__zod_globalConfig)).toEqual({
      jitless: true,
    });
    await expect(page.locator("html")).toHaveAttribute("lang", path.startsWith("/en") ? "en" : "fa");
    expect(violations).toEqual([]);
  });
}

test("a kept page paints before it asks for a script, then loads them all and hydrates", async ({ page }) => {
  const violations = await watchViolations(page);
  // When the browser began its first frame: a frame's animation callbacks run before it is painted.
  await page.addInitScript(() =>
    requestAnimationFrame(() => ((window as { __firstFrame?: number }).__firstFrame = performance.now())),
  );
  await open(page, "/tuts/git-bisect");
  const response = await open(page, "/tuts/git-bisect");
  expect(response?.headers()["x-document-cache"]).toBe("hit");
  const timing = await page.evaluate(() => ({
    firstFrame: (window as { __firstFrame?: number }).__firstFrame ?? Infinity,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
      .map((entry) => entry.startTime),
  }));
  expect(timing.scripts.length).toBeGreaterThan(3);
  expect(Math.min(...timing.scripts)).toBeGreaterThan(timing.firstFrame);
  // The preloads are back in the head as they were (the article's view named for the hydration gate), and the
  // page is the router's: a link is followed without loading a document.
  await expect(page.locator('head link[rel="modulepreload"]')).toHaveCount(timing.scripts.length);
  await expect(page.locator("script[data-after-paint]")).toHaveCount(0);
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  await page.locator('main a[href="/tuts"]').first().click();
  await expect(page).toHaveURL(/\/tuts$/);
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(violations).toEqual([]);
});

test("a script added to a kept document on its way is refused; the document's own scripts still run", async ({
  browser,
  baseURL,
}) => {
  // A page of its own: the refusal it provokes would fail the checked page of the fixture.
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    const violations = await watchViolations(page);
    await (await page.request.get("/en/about")).body();
    await page.route("**/en/about", async (route) => {
      const response = await route.fetch();
      expect(response.headers()["x-document-cache"]).toBe("hit");
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      const body = (await response.text()).replace("</head>", "<script>window.__tampered = 1</script></head>");
      await route.fulfill({ status: response.status(), headers, body });
    });
    await open(page, "/en/about");
    expect(await page.evaluate(() => (window as { __tampered?: number }).__tampered)).toBeUndefined();
    expect(violations).toHaveLength(1);
    // The one inline script refused is the one added (the policy asks for no sample of its text).
    expect(violations[0]).toMatch(/^script-src(-elem)? inline/);
  } finally {
    await context.close();
  }
});
