/**
 * A page's history in the editor: two versions published, the history opened, the newer one's changes read
 * (a changed title and a changed word, marked by sign and by ins/del), the older one restored into the open
 * build, published, and the site showing the old text again. Screenshots of the panel in both languages, light
 * and dark, at a phone's width and a desktop's.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, open, screenshotDir, signedInPage, snap, test } from "./fixtures";
import { startSeededSite } from "../helpers/seeded-site";

test.describe.configure({ mode: "serial" });

const PATH = "/notes/تاریخچه-صفحه";

async function saveVersion(request: APIRequestContext, origin: string, title: string, markdown: string) {
  const source = await request.get(`/api/builds/source?locale=fa&path=${encodeURIComponent(PATH)}`);
  const { hash } = (await source.json()) as { hash: string | null };
  const saved = await request.post("/api/builds/commit", {
    headers: { origin },
    data: {
      action: "save",
      locale: "fa",
      path: PATH,
      frontMatter: {
        title,
        description: "",
        category: "notes",
        date: "2026-01-02",
        tags: [],
        toc: false,
        comments: false,
        draft: false,
        intro: false,
      },
      markdown,
      baseHash: hash,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

async function publishOpenBuild(request: APIRequestContext, origin: string) {
  const all = (await (await request.get("/api/builds/all")).json()) as { builds: { id: number; status: string }[] };
  const open = all.builds.find((b) => b.status === "open")!;
  const run = await request.post("/api/builds/run", { headers: { origin }, data: { buildId: open.id } });
  expect(run.status(), await run.text()).toBe(200);
}

async function openHistory(page: Page, editorPath: string) {
  await open(page, editorPath);
  await page.getByTestId("rich-editor").waitFor();
  // A phone's editor bar has no room for the history's button: it is in the settings' panel there.
  if ((page.viewportSize()?.width ?? 1280) < 640) {
    await page.getByTestId("settings-open").click();
    await page.getByTestId("settings-history-open").click();
  } else {
    await page.getByTestId("history-open").click();
  }
  const panel = page.getByTestId("page-history");
  await expect(panel.getByTestId("history-version")).toHaveCount(2);
  return panel;
}

test("publish two versions, read the newer one's changes, restore the older one and publish it", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const site = await startSeededSite();
  try {
    const page = await signedInPage(browser, site.url, "admin");
    await saveVersion(page.request, site.url, "نسخهٔ نخست", "سلام دنیا، این متن نخست است.");
    await publishOpenBuild(page.request, site.url);
    await saveVersion(page.request, site.url, "نسخهٔ دوم", "سلام دنیا، این متن تازه است.");
    await publishOpenBuild(page.request, site.url);

    const panel = await openHistory(page, `/manage/editor/fa${PATH}`);
    const versions = panel.getByTestId("history-version");
    await expect(versions.first()).toContainText("تغییر کرد");
    await expect(versions.last()).toContainText("افزوده شد");
    // Dates in the reader's calendar: Persian digits of the Jalali year.
    await expect(versions.first()).toContainText(/۱۴۰[۰-۹]/);

    // The newer version against the one before it: the title's line and the changed word.
    await versions.first().click();
    const diff = panel.getByTestId("history-diff");
    await expect(diff.locator('[data-change="remove"]').first()).toContainText('title: "نسخهٔ نخست"');
    await expect(diff.locator('[data-change="add"]').first()).toContainText('title: "نسخهٔ دوم"');
    await expect(diff.locator("del").last()).toHaveText("نخست");
    await expect(diff.locator("ins").last()).toHaveText("تازه");
    await expect(diff.getByText("حذف‌شده", { exact: true }).first()).toBeAttached();
    // The latest published version is what the editor holds: nothing to restore there.
    await expect(panel.getByTestId("history-restore")).toHaveCount(0);
    await snap(page, "history-diff-fa-light-desktop");

    // Keyboard: back to the list, the focus on the version it came from; then the older one.
    await panel.getByTestId("history-back").click();
    await expect(versions.first()).toBeFocused();
    await versions.last().focus();
    await page.keyboard.press("Enter");
    await panel.getByTestId("history-against-current").click();
    await expect(diff.locator("ins").last()).toHaveText("تازه");
    await panel.getByTestId("history-restore").click();
    await page.getByTestId("history-restore-confirm").click();
    await expect(page.getByText("نسخه به‌صورت تغییری در ساخت باز بازگردانده شد.", { exact: true })).toBeVisible();
    await expect(panel).toBeHidden();

    // The editor shows the restored text, saved (not a change of its own to save), and Undo brings back the other.
    await expect(page.getByTestId("title-input")).toHaveValue("نسخهٔ نخست");
    const body = page.getByTestId("rich-editor");
    await expect(body).toContainText("این متن نخست است.");
    await expect(page.getByTestId("editor-state")).toContainText("ذخیره شده، منتشرنشده");
    await body.click();
    await page.keyboard.press("Control+z");
    await expect(body).toContainText("این متن تازه است.");
    await expect(page.getByTestId("editor-state")).toContainText("ذخیره‌نشده");
    await page.keyboard.press("Control+Shift+z");
    await expect(body).toContainText("این متن نخست است.");

    // The builds screen shows the restore as the open build's change; published, the site has the old text.
    await open(page, "/en/manage/builds");
    const openBuild = page.locator('[data-testid="build"][data-status="open"]');
    await expect(openBuild.getByTestId("commit")).toHaveCount(1);
    await expect(openBuild.getByTestId("commit")).toContainText("بازگرداندن نسخهٔ پیشین «نسخهٔ نخست»");
    await openBuild.getByTestId("publish").click();
    await page.getByTestId("publish-confirm").click();
    await expect(page.getByText("Build committed and pushed successfully", { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await open(page, PATH);
    await expect(page.locator("main")).toContainText("سلام دنیا، این متن نخست است.");
    await expect(page.locator("main")).not.toContainText("این متن تازه است.");
    await page.context().close();
  } finally {
    await site.stop();
  }
});

test("the history panel in both languages, light and dark, on a phone and a desktop", async ({ browser }) => {
  test.setTimeout(180_000);
  const site = await startSeededSite();
  try {
    const page = await signedInPage(browser, site.url, "admin");
    await saveVersion(page.request, site.url, "نسخهٔ نخست", "سلام دنیا، این متن نخست است.\n\nThe second paragraph.");
    await publishOpenBuild(page.request, site.url);
    await saveVersion(
      page.request,
      site.url,
      "نسخهٔ دوم",
      "سلام دنیا، این متن تازه است.\n\nThe second paragraph, edited.",
    );
    await publishOpenBuild(page.request, site.url);
    for (const [ui, width] of [
      ["fa", 390],
      ["en", 1280],
      ["fa", 1280],
      ["en", 390],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        await page.setViewportSize({ width, height: 844 });
        await page.emulateMedia({ colorScheme: scheme });
        const prefix = ui === "en" ? "/en" : "";
        const panel = await openHistory(page, `${prefix}/manage/editor/fa${PATH}`);
        const size = width < 500 ? "phone" : "desktop";
        await page.screenshot({ path: `${screenshotDir}/history-list-${ui}-${scheme}-${size}.png` });
        await panel.getByTestId("history-version").last().click();
        await panel.getByTestId("history-against-current").click();
        await expect(panel.getByTestId("history-diff").locator("ins").first()).toBeVisible();
        await page.screenshot({ path: `${screenshotDir}/history-diff-${ui}-${scheme}-${size}.png` });
      }
    }
    await page.context().close();
  } finally {
    await site.stop();
  }
});
