/**
 * Scheduling and preview links as a writer uses them: a post scheduled in Persian with a Jalali date and Persian
 * digits, "scheduled" with its time in the items list once published and absent from the site; a preview link
 * made in the panel, read by a second browser that is not signed in, and revoked. The panel's new parts are
 * photographed in Persian and English, light and dark, desktop and phone.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { startSeededSite } from "../helpers/seeded-site";
import { expect, open, openPostSettings, screenshotDir, signedInPage, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

async function publish(request: APIRequestContext, origin: string) {
  const all = (await (await request.get("/api/builds/all")).json()) as { builds: { id: number; status: string }[] };
  const build = all.builds.find((b) => b.status === "open")!;
  const answer = await request.post("/api/builds/run", { headers: { origin }, data: { buildId: build.id } });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function editorReady(page: Page) {
  await page.getByTestId("rich-editor").waitFor();
}

test("a post scheduled in Persian is 'scheduled' in the items list; a preview link is read signed out, then revoked", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const site = await startSeededSite();
  try {
    const page = await signedInPage(browser, site.url, "editor");
    await page.setViewportSize(desktop);
    await open(page, "/manage/editor/fa/tuts/git-bisect");
    await editorReady(page);
    const title = await page.getByTestId("title-input").inputValue();
    await openPostSettings(page);
    const when = page.getByTestId("publish-at");
    // ۱۴۲۰/۰۱/۱۵ is in 2041: far enough ahead that it stays scheduled.
    await when.getByTestId("publish-at-date-input").fill("۱۴۲۰/۰۱/۱۵");
    await when.getByTestId("publish-at-date-input").press("Tab");
    await page.getByTestId("publish-time").fill("۰۹:۳۰");
    await page.getByTestId("publish-time").press("Tab");
    await expect(page.getByTestId("publish-time")).toHaveValue("۰۹:۳۰");
    await page.getByRole("button", { name: "بستن تنظیمات" }).click();
    await page.getByTestId("save").click();
    await expect
      .poll(async () => {
        const answer = await page.request.get("/api/builds/source?locale=fa&path=%2Ftuts%2Fgit-bisect");
        return ((await answer.json()) as { text: string }).text;
      })
      .toMatch(/publishAt: 2041-04-0\dT09:30:00[+-]\d\d:\d\d/);
    await publish(page.request, site.url);
    expect((await page.request.get("/tuts/git-bisect")).status()).toBe(404);

    await open(page, "/manage/items?status=scheduled");
    const row = page.locator('[data-testid=item-row][data-path="/tuts/git-bisect"][data-locale=fa]');
    await expect(row.getByTestId("item-status")).toHaveText("زمان‌بندی‌شده");
    await expect(row.getByTestId("item-scheduled-at")).toContainText("۱۴۲۰");
    await page.screenshot({ path: `${screenshotDir}/items-scheduled-fa.png` });

    // A preview link, read by a browser with no session, then revoked.
    await open(page, "/manage/editor/fa/tuts/git-bisect");
    await editorReady(page);
    await openPostSettings(page);
    await page.getByTestId("preview-make").click();
    const url = await page.getByTestId("preview-url").inputValue();
    expect(url).toMatch(/\/preview\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByTestId("preview-link")).toHaveCount(1);
    const stranger = await browser.newContext();
    const reader = await stranger.newPage();
    const answer = await reader.goto(url);
    expect(answer?.status()).toBe(200);
    await expect(reader.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(answer?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await page.getByTestId("preview-revoke").click();
    await expect(page.getByTestId("preview-link")).toHaveCount(0);
    expect((await reader.goto(url))?.status()).toBe(404);
    await stranger.close();

    // The builds screen makes one for a page the open build writes.
    await page.getByRole("button", { name: "بستن تنظیمات" }).click();
    await page.getByTestId("rich-editor").locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" بیشتر.");
    await page.getByTestId("save").click();
    await expect(page.getByText("تغییر ذخیره شد", { exact: true })).toBeVisible();
    await open(page, "/manage/builds");
    await page.getByTestId("commit-preview-link").first().click();
    await expect(page.getByTestId("commit-preview-url")).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
    await page.screenshot({ path: `${screenshotDir}/builds-preview-link-fa.png` });
    await page.context().close();
  } finally {
    await site.stop();
  }
});

test("the panel's publishing time and preview links, looked at in both languages, light and dark, desktop and phone", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  for (const [size, device] of [
    [phone, "phone"],
    [desktop, "desktop"],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme: scheme });
        await open(page, `${prefix}/manage/editor/${lang}/tuts/git-bisect`);
        await editorReady(page);
        await openPostSettings(page);
        await page.getByTestId("publish-at").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshotDir}/publish-at-${lang}-${scheme}-${device}.png` });
        await page.getByTestId("settings-preview").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${screenshotDir}/preview-links-${lang}-${scheme}-${device}.png` });
      }
    }
  }
  await page.context().close();
});
