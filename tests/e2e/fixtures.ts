import { test as base, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { like } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { startSeededSite } from "../helpers/seeded-site";
import { startSite, type SiteProcess } from "../helpers/site-process";

/**
 * What a page must never do: throw an uncaught error, break its Content Security Policy (an inline script
 * the policy does not allow), or fail to hydrate the server's document. React reports a hydration failure as an error
 * ("Hydration failed…" in development, "Minified React error #418" and its neighbours in production builds)
 * and then rebuilds the page on the client. Failed requests are not counted: tests provoke 403s and 404s on
 * purpose.
 */
export function watchBrowserProblems(page: Page): string[] {
  const problems: string[] = [];
  const serious =
    /Content Security Policy|hydrat|Minified React error #4(1[89]|2[0-5])\b|react\.dev\/errors\/4(1[89]|2[0-5])\b/i;
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && serious.test(message.text())) problems.push(message.text());
  });
  return problems;
}

const checkedPage = base.extend({
  page: async ({ page }, use) => {
    const problems = watchBrowserProblems(page);
    await use(page);
    expect(problems, "errors in the browser").toEqual([]);
  },
});

/**
 * One production server per worker with its own data folder, installed the way the installer does it, with
 * the accounts of tests/helpers/seed.ts (admin, editor, moderator, member; password "password123").
 */
export const test = checkedPage.extend<object, { site: SiteProcess }>({
  site: [
    // Playwright requires a destructured first argument even when no fixture is used.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSeededSite();
      await use(site);
      await site.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.url),
});

export { expect };

/**
 * Forgets what the relay counted for strangers' messages on a site: every test's browser writes from 127.0.0.1,
 * so on a site shared by a worker's tests the hourly quota of one address would be spent by earlier tests.
 */
export async function forgetRelayQuotas(site: SiteProcess) {
  const connection = await openDatabase(`file:${path.join(site.dataDir, "daftar.db")}`);
  try {
    await connection.db.delete(rateLimits).where(like(rateLimits.key, "relay-%"));
  } finally {
    connection.client.close();
  }
}

/** A page in a browser context of its own, signed in as a seeded user (password "password123"). */
export async function signedInPage(browser: Browser, baseURL: string, userName = "admin"): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const login = await page.request.post("/api/auth/login", {
    data: { userName, password: "password123" },
    headers: { origin: baseURL },
  });
  expect(login.status()).toBe(200);
  return page;
}

/** Opens a page and waits until React has hydrated it, so client behaviour is in place. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await untilHydrated(page);
  return response;
}

/**
 * Waits until the page's document is hydrated: a document asks for its scripts after its first paint, so a click
 * on a page just loaded (by a link, a redirect, a reload) may come before its handlers.
 */
export async function untilHydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** Opens the editor's post-settings panel (its code loads on the first opening) and waits for it. */
export async function openPostSettings(page: Page) {
  await page.getByTestId("settings-open").click();
  await expect(page.getByTestId("post-settings")).toBeVisible();
}

/** Closes the post-settings panel with its close button. */
export async function closePostSettings(page: Page) {
  await page
    .getByTestId("post-settings")
    .getByRole("button", { name: /^(Close settings|بستن تنظیمات)$/ })
    .click();
  await expect(page.getByTestId("post-settings")).toHaveCount(0);
}

/** Reloads the page and waits for hydration again: a click before it would do nothing. */
export async function reload(page: Page) {
  const response = await page.reload();
  await untilHydrated(page);
  return response;
}

export const screenshotDir = "test-results/screenshots";

/** Saves a full-page screenshot as a test artifact, to be looked at. */
export async function snap(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

/** For the installer: every test gets a brand-new, empty site (not installed). */
export const freshTest = checkedPage.extend<{ fresh: SiteProcess }>({
  // eslint-disable-next-line no-empty-pattern
  fresh: async ({}, use) => {
    const site = await startSite();
    await use(site);
    await site.stop();
  },
  baseURL: async ({ fresh }, use) => use(fresh.url),
});

/**
 * Saves a page into the open build as the editor does (`POST /api/builds/commit`), a note dated 2026-01-02 unless
 * `frontMatter` says otherwise, and expects it kept.
 */
export async function savePage(
  request: APIRequestContext,
  origin: string,
  page: { locale: "fa" | "en"; path: string; title: string; markdown: string; frontMatter?: Record<string, unknown> },
) {
  const saved = await request.post("/api/builds/commit", {
    headers: { origin },
    data: {
      action: "save",
      locale: page.locale,
      path: page.path,
      frontMatter: {
        title: page.title,
        description: "",
        category: "notes",
        date: "2026-01-02",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
        ...page.frontMatter,
      },
      markdown: page.markdown,
      baseHash: null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}
