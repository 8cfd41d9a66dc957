/**
 * Addresses never break, as a writer and a reader meet them: a post's address renamed in the editor and
 * published, its old address followed to the new one; the Redirects screen (add, a loop refused with its
 * message, remove); the 410 page of a deleted post. Screenshots in Persian and English, light and dark, desktop
 * and phone, with axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { startSeededSite } from "../helpers/seeded-site";
import { closePostSettings, expect, open, openPostSettings, savePage, signedInPage, snap, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

async function publishAll(page: Page) {
  await open(page, "/en/manage/builds");
  await page.locator('[data-testid="build"][data-status="open"]').getByTestId("publish").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByText("Build committed and pushed successfully", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
}

test("a post's address renamed in the editor and published: the old address leads to the new one", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const site = await startSeededSite();
  try {
    const page = await signedInPage(browser, site.url, "editor");
    await savePage(page.request, site.url, {
      locale: "en",
      path: "/notes/first-name",
      title: "First name",
      markdown: "A post that will move.",
    });
    await savePage(page.request, site.url, {
      locale: "fa",
      path: "/notes/رفتنی",
      title: "رفتنی",
      markdown: "یادداشتی که حذف خواهد شد.",
    });
    await publishAll(page);

    await open(page, "/en/manage/editor/en/notes/first-name");
    await page.getByTestId("rich-editor").waitFor();
    await openPostSettings(page);
    await page.getByTestId("path-input").fill("/notes/second-name");
    await closePostSettings(page);
    await page.getByTestId("save").click();
    await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();
    await publishAll(page);

    await open(page, "/en/notes/first-name");
    await expect(page).toHaveURL(/\/en\/notes\/second-name$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("First name");

    // A deleted post answers 410 with the site's search.
    for (const [locale, path] of [
      ["en", "/notes/second-name"],
      ["fa", "/notes/رفتنی"],
    ] as const) {
      const opened = await page.request.get(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(path)}`);
      const { hash } = (await opened.json()) as { hash: string };
      const deleted = await page.request.post("/api/builds/commit", {
        headers: { origin: site.url },
        data: { action: "delete", locale, path, baseHash: hash },
      });
      expect(deleted.status()).toBe(201);
    }
    await publishAll(page);
    const gone = await open(page, "/en/notes/second-name");
    expect(gone?.status()).toBe(410);
    await expect(page.getByTestId("error-message")).toHaveText("This Page Was Removed");
    await page.getByTestId("error-search").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");

    for (const [width, height, device] of [
      [1366, 900, "desktop"],
      [390, 844, "phone"],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        for (const [address, lang] of [
          ["/notes/رفتنی", "fa"],
          ["/en/notes/second-name", "en"],
        ] as const) {
          await page.setViewportSize({ width, height });
          await page.emulateMedia({ colorScheme: scheme });
          expect((await open(page, address))?.status()).toBe(410);
          await snap(page, `gone-${lang}-${scheme}-${device}`);
          const results = await new AxeBuilder({ page }).analyze();
          expect(results.violations.map((v) => `${lang} ${scheme} ${device} ${v.id}`)).toEqual([]);
        }
      }
    }
  } finally {
    await site.stop();
  }
});

test("the Redirects screen adds a redirect, refuses a loop with its message and removes one", async ({
  browser,
  site,
}) => {
  const page = await signedInPage(browser, site.url, "admin");
  await open(page, "/en/manage/items/redirects");
  await page.getByTestId("add-redirect").click();
  const dialog = page.getByTestId("add-redirect-dialog");
  await dialog.getByTestId("redirect-from").fill("/en/notes/old-idea");
  await dialog.getByTestId("redirect-to").fill("/en/about");
  await dialog.getByTestId("redirect-submit").click();
  await expect(page.getByText("Redirect added", { exact: true })).toBeVisible();
  await expect(page.getByTestId("redirect-row")).toHaveCount(1);

  await page.getByTestId("add-redirect").click();
  await dialog.getByTestId("redirect-from").fill("/en/about-us");
  await dialog.getByTestId("redirect-to").fill("/en/about-us/");
  await dialog.getByTestId("redirect-submit").click();
  await expect(dialog.getByText("This would make a loop: the new address leads back to the old one")).toBeVisible();
  await page.keyboard.press("Escape");

  const response = await page.request.get("/en/notes/old-idea", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe("/en/about");

  for (const [width, height, device] of [
    [1366, 900, "desktop"],
    [390, 844, "phone"],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await open(page, `${prefix}/manage/items/redirects`);
        await snap(page, `redirects-${lang}-${scheme}-${device}`);
        const results = await new AxeBuilder({ page }).include("[data-testid=manage-redirects]").analyze();
        expect(results.violations.map((v) => `${lang} ${scheme} ${device} ${v.id}`)).toEqual([]);
      }
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, "/en/manage/items/redirects");
  await page.getByTestId("remove-redirect").click();
  await page.getByTestId("remove-redirect-dialog").getByTestId("confirm").click();
  await expect(page.getByText("Redirect removed", { exact: true })).toBeVisible();
  await expect(page.getByTestId("redirects-empty")).toBeVisible();
  expect((await page.request.get("/en/notes/old-idea", { maxRedirects: 0 })).status()).toBe(404);
});

test("Translate links the new page to its original, whatever address it is given; the switch follows the link", async ({
  browser,
  site,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, site.url, "editor");
  await savePage(page.request, site.url, {
    locale: "fa",
    path: "/notes/فقط-فارسی",
    title: "فقط فارسی",
    markdown: "نوشته‌ای که ترجمه می‌شود.",
  });
  await publishAll(page);
  await open(page, `/en/manage/editor/en/notes/${encodeURIComponent("فقط-فارسی")}?from=fa`);
  await page.getByTestId("rich-editor").waitFor();
  await page.getByTestId("title-input").fill("Only Persian, in English");
  await openPostSettings(page);
  await expect(page.getByTestId("translation-input")).toHaveValue("/notes/فقط-فارسی");
  await page.getByTestId("translation-input").scrollIntoViewIfNeeded();
  await snap(page, "translation-field-en-light-desktop");
  await page.getByTestId("path-input").fill("/notes/only-persian-in-english");
  await closePostSettings(page);
  await page.getByTestId("rich-editor").click();
  await page.keyboard.type("A text that is translated.");
  await page.getByTestId("save").click();
  await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();
  await publishAll(page);
  await open(page, "/en/notes/only-persian-in-english");
  await expect(page.getByTestId("language-switch")).toHaveAttribute("href", "/notes/فقط-فارسی");
  await open(page, `/notes/${encodeURIComponent("فقط-فارسی")}`);
  await expect(page.getByTestId("language-switch")).toHaveAttribute("href", "/en/notes/only-persian-in-english");
  // The details of the Persian original show the link made from the other side, on a phone in the dark.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await open(page, `/manage/editor/en/notes/only-persian-in-english`);
  await page.getByTestId("rich-editor").waitFor();
  await openPostSettings(page);
  await page.getByTestId("translation-input").scrollIntoViewIfNeeded();
  await snap(page, "translation-field-fa-dark-phone");
  const results = await new AxeBuilder({ page }).include("[data-testid=translation-input]").analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
