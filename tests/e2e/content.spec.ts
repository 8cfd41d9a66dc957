import type { Page } from "@playwright/test";
import { readContentDirectory } from "../../app/content/import.server";
import { startSeededSite } from "../helpers/seeded-site";
import type { SiteProcess } from "../helpers/site-process";
import { expect, open, reload, snap, test as sharedSiteTest } from "./fixtures";

/**
 * This file's own site: other files' tests publish pages and leave comments on the site a worker shares, and these
 * tests count posts and comments.
 */
const test = sharedSiteTest.extend<object, { site: SiteProcess }>({
  site: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const site = await startSeededSite();
      await use(site);
      await site.stop();
    },
    { scope: "worker" },
  ],
});

const prefixOf = (locale: "fa" | "en") => (locale === "en" ? "/en" : "");
const urlOf = (locale: "fa" | "en", path: string) => (locale === "en" ? (path === "/" ? "/en" : `/en${path}`) : path);

/** Console errors (CSP refusals, failed requests, hydration problems) collected while a test runs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return errors;
}

for (const locale of ["fa", "en"] as const) {
  const text =
    locale === "fa"
      ? {
          logs: "نوشته‌ها",
          archive: "بایگانی",
          tuts: "آموزش‌ها",
          post: "پیدا کردن باگ با git bisect",
          toc: "در این صفحه",
          tag: "آموزش",
          tagHeading: "برچسب: آموزش",
          tagCount: "۳ نوشته",
          allTags: "همهٔ برچسب‌ها",
        }
      : {
          logs: "Logs",
          archive: "Archive",
          tuts: "Tutorials",
          post: "Hunting Bugs with git bisect",
          toc: "On this page",
          tag: "tutorial",
          tagHeading: "Tag: tutorial",
          tagCount: "3 posts",
          allTags: "All tags",
        };

  test(`${locale}: home → logs → a category → a post, by following links`, async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, prefixOf(locale) || "/");
    await expect(page.getByTestId("intro-post")).toBeVisible();
    await expect(page.getByTestId("post-card")).toHaveCount(6);

    await page.getByRole("navigation").first().getByRole("link", { name: text.logs }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(locale)}/logs$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.archive);
    await expect(page.getByTestId("post-item")).toHaveCount(8);

    // The category filter, then the second page of the archive.
    await page.getByTestId("category-filter").getByRole("link", { name: text.tuts }).click();
    await expect(page).toHaveURL(/\?category=tuts$/);
    await expect(page.getByTestId("post-item")).toHaveCount(3);
    await page.getByTestId("category-filter").getByRole("link").first().click();
    await page
      .getByTestId("pagination")
      .getByRole("link", { name: locale === "fa" ? "۲" : "2", exact: true })
      .click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByTestId("post-item")).toHaveCount(3);

    await page.getByTestId("post-item").first().getByRole("link").last().click();
    await expect(page.getByTestId("category")).toBeVisible();
    await open(page, urlOf(locale, "/tuts"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.tuts);
    await page.getByRole("link", { name: text.post }).click();
    await expect(page).toHaveURL(new RegExp(`${prefixOf(locale)}/tuts/git-bisect$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.post);
    await expect(page.getByTestId("post-category")).toHaveText(text.tuts);
    await expect(page.getByTestId("byline")).toContainText(locale === "fa" ? "۲۸ مرداد ۱۴۰۵" : "August 19, 2026");
    await expect(page.getByTestId("comments")).toBeAttached();
    // Code stays left-to-right in both languages.
    await expect(page.locator(".prose pre").first()).toHaveAttribute("dir", "ltr");
    expect(errors).toEqual([]);
  });

  test(`${locale}: a tag under a post → its page listing the post → the tag index`, async ({ page }) => {
    await open(page, urlOf(locale, "/tuts/git-bisect"));
    const tag = page.getByTestId("post-tags").getByRole("link", { name: text.tag, exact: true });
    // A comfortable touch target: at least 24 px high.
    expect((await tag.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    await tag.click();
    // The tag's address is its text percent-encoded (a Persian tag included).
    await expect(page).toHaveURL(`${prefixOf(locale)}/tags/${encodeURIComponent(text.tag)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.tagHeading);
    await expect(page.getByTestId("post-count")).toHaveText(text.tagCount);
    await expect(page.getByTestId("post-item")).toHaveCount(3);
    await expect(page.getByTestId("post-item").getByRole("link", { name: text.post })).toBeVisible();
    // Reloaded, the same page comes from the server at that address.
    await reload(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.tagHeading);

    await page.getByRole("link", { name: text.allTags }).click();
    await expect(page).toHaveURL(`${prefixOf(locale)}/tags`);
    const entry = page.getByTestId("tag-link").filter({ hasText: text.tag }).first();
    await expect(entry.getByTestId("tag-count")).toHaveText(text.tagCount);
    await entry.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.tagHeading);
  });

  test(`${locale}: table of contents links scroll to their headings`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, urlOf(locale, "/tuts/git-bisect"));
    const toc = page.getByTestId("toc");
    const links = toc.locator("div.hidden a[href^='#']");
    expect(await links.count()).toBeGreaterThan(4);
    // A nested (h3) entry far down the page.
    const entry = toc.locator("div.hidden ol ol a").last();
    const id = decodeURIComponent((await entry.getAttribute("href"))!.slice(1));
    const heading = page.locator(`[id="${id}"]`);
    await expect(heading).not.toBeInViewport();
    await entry.click();
    await expect(heading).toBeInViewport();
    const top = await heading.evaluate((el) => el.getBoundingClientRect().top);
    // Below the sticky header, near the top of the window.
    expect(top).toBeGreaterThan(40);
    expect(top).toBeLessThan(160);
    expect(decodeURIComponent(new URL(page.url()).hash.slice(1))).toBe(id);
  });

  test(`${locale}: on a phone the table of contents folds above the text`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, urlOf(locale, "/tuts/git-bisect"));
    const summary = page.getByTestId("toc").locator("summary");
    await expect(summary).toHaveText(new RegExp(text.toc));
    const first = page.getByTestId("toc").locator("details a").first();
    await expect(first).toBeHidden();
    await summary.click();
    await expect(first).toBeVisible();
    await first.click();
    const id = decodeURIComponent((await first.getAttribute("href"))!.slice(1));
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  });
}

test("search: the box and Ctrl+K open the dialog; Arabic letter forms and Persian digits find posts", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await open(page, "/");
  await page.getByTestId("search-button").click();
  const input = page.getByTestId("search-input");
  await expect(input).toBeFocused();
  // Arabic yeh in «سعدي»: the Persian post is found all the same.
  await input.fill("گلستان سعدي");
  const results = page.getByTestId("search-results").getByRole("option");
  await expect(results.first()).toContainText("بازخوانی گلستان سعدی");
  await expect(results.first().locator("mark").first()).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/books\/golestan-saadi(#.*)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("بازخوانی گلستان سعدی");
  await expect(page.getByTestId("search-dialog")).toBeHidden();

  // Persian digits find ASCII digits in the English site; arrow keys move the selection.
  await open(page, "/en");
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("۲۰۰ commits");
  await expect(page.getByTestId("search-results").getByRole("option").first()).toContainText(
    "Hunting Bugs with git bisect",
  );
  await page.getByTestId("search-input").fill("CSS");
  const options = page.getByTestId("search-results").getByRole("option");
  await expect(options.first()).toContainText("CSS for Bilingual Sites");
  await expect(page.getByTestId("search-status")).toHaveText(/^\d+ results$/);
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(options.last()).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("search-dialog")).toBeHidden();

  // Nothing found says so, in the page's language.
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("qwertyuiopzx");
  await expect(page.getByTestId("search-status")).toHaveText("Nothing found for “qwertyuiopzx”.");
  expect(errors).toEqual([]);
});

test("the sitemap and both feeds parse as XML and list every public page", async ({ page, site }) => {
  const files = (await readContentDirectory()).filter((file) => !file.frontMatter.draft);
  const parse = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.ok(), path).toBe(true);
    const body = await response.text();
    await page.goto("/robots.txt");
    return page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const failed = doc.getElementsByTagName("parsererror").length > 0;
      const texts = (name: string) => [...doc.getElementsByTagName(name)].map((el) => el.textContent ?? "");
      const hrefs = [...doc.getElementsByTagName("link")].map((el) => el.getAttribute("href") ?? "");
      return {
        error: failed ? doc.documentElement.textContent : null,
        root: doc.documentElement.localName,
        locs: texts("loc"),
        ids: texts("id"),
        hrefs,
      };
    }, body);
  };

  const sitemap = await parse("/sitemap.xml");
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe("urlset");
  for (const file of files) expect(sitemap.locs).toContain(site.url + urlOf(file.locale, file.path));
  expect(sitemap.locs.some((loc) => loc.includes("draft-ideas"))).toBe(false);

  for (const locale of ["fa", "en"] as const) {
    const feed = await parse(`${prefixOf(locale)}/feed.xml`);
    expect(feed.error).toBeNull();
    expect(feed.root).toBe("feed");
    const posts = files.filter((file) => file.locale === locale && file.frontMatter.date);
    expect(posts.length).toBe(11);
    for (const post of posts) expect(feed.ids).toContain(site.url + urlOf(locale, post.path));
  }
  // Every page links its language's feed.
  await open(page, "/en/about");
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    `${site.url}/en/feed.xml`,
  );
});

test("unknown paths and drafts show the 404 page", async ({ page }) => {
  for (const path of ["/notes/no-such-post", "/notes/draft-ideas", "/en/notes/draft-ideas"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByTestId("error-status")).toHaveText(path.startsWith("/en") ? "404" : "۴۰۴");
  }
});

test("screenshots of a post: fa and en, light and dark, desktop and mobile", async ({ page }) => {
  test.setTimeout(120_000);
  for (const locale of ["fa", "en"] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [device, width, height] of [
        ["desktop", 1280, 900],
        ["mobile", 390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await open(page, urlOf(locale, "/tuts/git-bisect"));
        await expect(page.locator("html")).toHaveClass(scheme === "dark" ? /dark/ : /^(?!.*dark)/);
        await page.evaluate(() => document.fonts.ready);
        await snap(page, `post-${locale}-${scheme}-${device}`);
      }
    }
  }
});

test("content pages have no accessibility violations (axe), light and dark", async ({ page }) => {
  test.setTimeout(120_000);
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  // Every content page in light; in dark the posts, whose code blocks have their own dark colours.
  const pages = {
    light: [
      "/",
      "/logs",
      "/books",
      "/tuts/git-bisect",
      "/tags",
      `/tags/${encodeURIComponent("آموزش")}`,
      "/en",
      "/en/logs?category=notes",
      "/en/tuts/git-bisect",
      "/en/tags/TypeScript",
    ],
    dark: ["/tuts/git-bisect", "/en/tuts/git-bisect"],
  };
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const path of pages[scheme]) {
      await open(page, path);
      const result = await new AxeBuilder({ page }).analyze();
      const problems = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(problems, `${scheme} ${path}`).toEqual([]);
    }
  }
  // The search dialog too, with results.
  await open(page, "/en");
  await page.keyboard.press("Control+k");
  await page.getByTestId("search-input").fill("CSS");
  await expect(page.getByTestId("search-results").getByRole("option").first()).toBeVisible();
  const dialog = await new AxeBuilder({ page }).include('[data-testid="search-dialog"]').analyze();
  expect(dialog.violations.map((v) => v.id)).toEqual([]);
});
