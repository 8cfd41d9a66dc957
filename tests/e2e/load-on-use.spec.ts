/**
 * Code that loads on use may fail to arrive (a phone going through a tunnel). The page must stay as it was and
 * keep working: nothing falls through to an error page, and the opener can be used again.
 */
import type { Page } from "@playwright/test";
import { expect, open, test } from "./fixtures";

/** Fails every download of a chunk; says how many were failed. */
async function failDownloads(page: Page, chunk: RegExp) {
  let failed = 0;
  await page.route(chunk, async (route) => {
    failed++;
    return route.abort("internetdisconnected");
  });
  return () => failed;
}

test("a search dialog whose code cannot arrive leaves the page working", async ({ page }) => {
  const failures = await failDownloads(page, /\/assets\/search-dialog-[^/]+\.js$/);
  await open(page, "/en/about");
  await page.getByTestId("search-button").click();
  await expect.poll(failures).toBeGreaterThan(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // Trying again does no harm, and the rest of the page still answers.
  await page.getByTestId("search-button").click();
  await expect(page.getByTestId("error-page")).toHaveCount(0);
  await page.getByRole("navigation").first().getByRole("link").nth(1).click();
  await expect(page).toHaveURL(/\/en\/logs$/);
});

test("an account menu whose code cannot arrive falls back to its button", async ({ page }) => {
  const failures = await failDownloads(page, /\/assets\/avatar-menu-content-[^/]+\.js$/);
  await open(page, "/en/about");
  await page.getByTestId("avatar-button").click();
  await expect.poll(failures).toBeGreaterThan(0);
  await expect(page.getByTestId("avatar-button")).toBeVisible();
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByTestId("error-page")).toHaveCount(0);
  await page.getByTestId("avatar-button").click();
  await expect(page.getByTestId("avatar-button")).toBeVisible();
});
