/**
 * Code that loads on use may fail to arrive (a phone going through a tunnel). The page must stay as it was and
 * keep working: nothing falls through to an error page, and the opener can be used again.
 */
import type { Page } from "@playwright/test";
import { expect, open, signedInPage, test } from "./fixtures";

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

/** The scripts a page downloads until it has hydrated and the network is quiet. */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await open(page, path);
  await page.waitForLoadState("networkidle");
  return scripts;
}

test("a post and a category page each download their own view's code, asked for by the document's head", async ({
  page,
}) => {
  const post = await scriptsOf(page, "/en/tuts/git-bisect");
  expect(post.some((file) => /\/assets\/article-/.test(file))).toBe(true);
  expect(post.filter((file) => /\/assets\/(category-view|pagination|post-list)-/.test(file))).toEqual([]);
  // Preloaded from the head (not discovered when hydration reaches it), as a route's own chunks are.
  await expect(page.locator('head link[rel="modulepreload"][href^="/assets/article-"]')).toHaveCount(1);
  // A reader who may not edit downloads nothing of "Edit this page".
  expect(post.filter((file) => /\/assets\/edit-link-/.test(file))).toEqual([]);
  await expect(page.getByTestId("edit-page")).toHaveCount(0);

  const category = await scriptsOf(page, "/en/notes");
  expect(category.filter((file) => /\/assets\/article-/.test(file))).toEqual([]);
  await expect(page.locator('head link[rel="modulepreload"][href^="/assets/category-view-"]')).toHaveCount(1);
  await expect(page.getByTestId("category")).toBeVisible();
});

test("an editor gets the edit link once the page knows who is signed in; the document holds none", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await scriptsOf(page, "/en/tuts/git-bisect");
  await expect(page.getByTestId("edit-page")).toHaveAttribute("href", "/en/manage/editor/en/tuts/git-bisect");
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
  );
  expect(scripts.some((file) => /\/assets\/edit-link-/.test(file))).toBe(true);
  // The document is every reader's: the editor's parts come after it.
  expect(await (await page.request.get("/en/tuts/git-bisect")).text()).not.toContain('data-testid="edit-page"');
  await page.context().close();
});
