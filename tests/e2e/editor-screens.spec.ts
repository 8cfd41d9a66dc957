/**
 * The editor and builds screens looked at: in Persian and English, light and dark, on a desktop and a phone, with
 * an open build holding changes (one of them's diff open), the items list marking them, a page whose HTML shows
 * as its source, and the git host in the settings. Screenshots go to test-results/screenshots.
 */
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { expect, open, openPostSettings, savePage, screenshotDir, signedInPage, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function shot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${screenshotDir}/${name}.png` });
}

test("editor and builds screens: fa and en, light and dark, desktop and phone", async ({ browser, site }) => {
  test.setTimeout(240_000);
  const page = await signedInPage(browser, site.url, "admin");
  // An open build with a change to show.
  await open(page, "/manage/editor/fa/notes/learning-slowly");
  await page.getByTestId("rich-editor").locator("p").first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" جمله‌ای تازه با React و ۲۰۲۶.");
  await page.getByTestId("save").click();
  await expect(page.getByTestId("editor-state")).toContainText("ذخیره شده، منتشرنشده");
  // A new page holding HTML, which the editor shows as its source.
  await savePage(page.request, site.url, {
    locale: "fa",
    path: "/notes/html-kept",
    title: "صفحه‌ای با HTML",
    // Undated: a page, not a post.
    frontMatter: { date: undefined },
    markdown: [
      "پاراگرافی با کلید <kbd>Ctrl</kbd>+<kbd>K</kbd> در میان متن.",
      "",
      "<details>\n<summary>بیشتر بخوانید</summary>\n\nمتن پنهان.\n\n</details>",
      "",
      "پاراگراف پایانی.",
    ].join("\n"),
  });

  for (const [device, viewport] of [
    ["desktop", desktop],
    ["phone", phone],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        await open(page, `${prefix}/manage/editor/${lang}/tuts/git-bisect`);
        await page.getByTestId("rich-editor").waitFor();
        expect(await overflow(page), `editor ${lang} ${device}`).toBeLessThanOrEqual(0);
        await shot(page, `editor-${lang}-${scheme}-${device}`);
        // The toolbar stays in reach while the text scrolls, and the details follow the text on a phone.
        await page.mouse.wheel(0, 900);
        await expect(page.getByTestId("editor-toolbar")).toBeInViewport();
        await shot(page, `editor-${lang}-${scheme}-${device}-scrolled`);

        await open(page, `${prefix}/manage/builds`);
        const build = page.locator('[data-testid="build"][data-status="open"]');
        await build.getByTestId("show-diff").first().click();
        await expect(build.getByTestId("commit-diff")).toBeVisible();
        expect(await overflow(page), `builds ${lang} ${device}`).toBeLessThanOrEqual(0);
        await shot(page, `builds-${lang}-${scheme}-${device}`);

        await open(page, `${prefix}/manage/items?category=notes`);
        await expect(page.locator('[data-testid="item-pending"]').first()).toBeVisible();
        expect(await overflow(page), `items ${lang} ${device}`).toBeLessThanOrEqual(0);
        await shot(page, `items-${lang}-${scheme}-${device}`);

        await open(page, `${prefix}/manage/editor/fa/notes/html-kept`);
        await expect(page.getByTestId("rich-editor").locator("pre[data-raw-html]")).toHaveCount(2);
        expect(await overflow(page), `raw HTML ${lang} ${device}`).toBeLessThanOrEqual(0);
        await shot(page, `editor-raw-html-${lang}-${scheme}-${device}`);

        await open(page, `${prefix}/manage/settings#git-host`);
        await page.getByTestId("host-panel").scrollIntoViewIfNeeded();
        expect(await overflow(page), `settings ${lang} ${device}`).toBeLessThanOrEqual(0);
        await shot(page, `settings-host-${lang}-${scheme}-${device}`);
      }
    }
  }
  // The date picker, open, in both calendars.
  await page.setViewportSize(desktop);
  await page.emulateMedia({ colorScheme: "light" });
  for (const [prefix, lang] of [
    ["", "fa"],
    ["/en", "en"],
  ] as const) {
    await open(page, `${prefix}/manage/editor/${lang}/tuts/git-bisect`);
    await openPostSettings(page);
    await page.getByTestId("date-picker-open").click();
    await expect(page.getByTestId("date-picker")).toBeVisible();
    await shot(page, `editor-date-picker-${lang}`);
  }
  // The site is shared with the other editor journeys: the open build is left empty, as it was found.
  const all = await (await page.request.get("/api/builds/all")).json();
  const openBuild = (all as { builds: { status: string; commits: { id: number }[] }[] }).builds.find(
    (build) => build.status === "open",
  );
  for (const commit of openBuild?.commits ?? []) {
    const discarded = await page.request.post("/api/builds/discard", {
      headers: { origin: site.url },
      data: { commitId: commit.id },
    });
    expect(discarded.status()).toBe(200);
  }
  await page.context().close();
});
