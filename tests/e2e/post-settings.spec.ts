/**
 * The editor's post-settings panel, as a writer uses it: opened from the editor's bar and closed with Escape, the
 * focus kept inside and given back; the site's tags offered by keyboard with their counts; the search and social
 * previews following the SEO fields; `seoTitle` saved only when set and used by the published page's head; a page
 * deleted after a question naming it, gone once published; on a phone, one panel that scrolls with nothing cut
 * off. Looked at in Persian and English, light and dark, desktop and phone, with axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { startSeededSite } from "../helpers/seeded-site";
import { closePostSettings, expect, open, openPostSettings, screenshotDir, signedInPage, test } from "./fixtures";

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };

async function editorReady(page: Page) {
  await page.getByTestId("rich-editor").waitFor();
}

async function source(request: APIRequestContext, locale: string, path: string) {
  const answer = await request.get(`/api/builds/source?locale=${locale}&path=${encodeURIComponent(path)}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as { text: string; exists: boolean };
}

async function publish(request: APIRequestContext, origin: string) {
  const all = (await (await request.get("/api/builds/all")).json()) as { builds: { id: number; status: string }[] };
  const build = all.builds.find((b) => b.status === "open")!;
  const answer = await request.post("/api/builds/run", { headers: { origin }, data: { buildId: build.id } });
  expect(answer.status(), await answer.text()).toBe(200);
}

test("the panel opens from the editor's bar in Persian and English, keeps the focus inside and gives it back", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await page.setViewportSize(desktop);
  for (const [prefix, lang, heading, close] of [
    ["", "fa", "تنظیمات نوشته", "بستن تنظیمات"],
    ["/en", "en", "Post settings", "Close settings"],
  ] as const) {
    await open(page, `${prefix}/manage/editor/${lang}/tuts/git-bisect`);
    await editorReady(page);
    const button = page.getByTestId("settings-open");
    await button.click();
    const panel = page.getByRole("dialog", { name: heading });
    await expect(panel).toBeVisible();
    // At the reading end side: the left in Persian, the right in English.
    const box = (await panel.boundingBox())!;
    if (lang === "fa") expect(box.x).toBe(0);
    else expect(Math.round(box.x + box.width)).toBe(desktop.width);
    // Its sections, in order.
    const sections = await panel.locator("section h3").allTextContents();
    expect(sections).toEqual(
      lang === "fa"
        ? ["پیوندهای پیش‌نمایش", "زبان و ترجمه", "جست‌وجو و شبکه‌های اجتماعی", "تاریخچه", "حذف"]
        : ["Preview links", "Language and translation", "Search and social", "History", "Delete"],
    );
    // The focus stays inside while it is open.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
    // The close button closes it too.
    await button.click();
    await panel.getByRole("button", { name: close }).click();
    await expect(panel).toHaveCount(0);
    await expect(button).toBeFocused();
  }
  await page.context().close();
});

test("the site's tags are offered by keyboard, with their counts, and a new tag can be added", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor");
  await editorReady(page);
  await openPostSettings(page);
  const input = page.getByTestId("tags-input");
  const list = page.getByTestId("tags-suggestions");
  await expect(input).toHaveAttribute("role", "combobox");
  // The site's English tags, most used first, each with its count.
  const answer = await page.request.get("/api/editor/suggestions?locale=en");
  const { tags } = (await answer.json()) as { tags: { name: string; count: number }[] };
  const tag = tags[0]!;
  await input.focus();
  await input.fill(tag.name.slice(0, 3));
  await expect(input).toHaveAttribute("aria-expanded", "true");
  const first = list.getByTestId("tag-option").first();
  await expect(first).toContainText(tag.name);
  await expect(first).toContainText(`${tag.count} posts`);
  await page.keyboard.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(input).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("tags-field")).toContainText(tag.name);
  await expect(input).toHaveValue("");
  // A tag chosen is not offered again.
  await input.fill(tag.name);
  await expect(list.getByText(tag.name, { exact: true })).toHaveCount(0);
  // A new tag: typed, offered as new, added with Enter.
  await input.fill("brand-new-tag");
  await expect(list.getByTestId("tag-option")).toHaveText(["New tag: brand-new-tag"]);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("tags-field")).toContainText("brand-new-tag");
  // Escape closes the list first, and the panel only after.
  await input.fill("a");
  await expect(input).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(input).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("post-settings")).toBeVisible();

  // Persian: the Persian tags, with Persian digits.
  await open(page, "/manage/editor");
  await editorReady(page);
  await openPostSettings(page);
  const fa = (await (await page.request.get("/api/editor/suggestions?locale=fa")).json()) as {
    tags: { name: string; count: number }[];
  };
  await page.getByTestId("tags-input").focus();
  const options = page.getByTestId("tag-option");
  await expect(options.first()).toContainText(fa.tags[0]!.name);
  await expect(options.first()).toContainText(/[۰-۹]+ نوشته/);
  await page.context().close();
});

test("the search and social previews follow the SEO fields as they are typed, counted and cut as search engines do", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor/en/tuts/git-bisect");
  await editorReady(page);
  await openPostSettings(page);
  const title = page.getByTestId("search-preview-title");
  const pageTitle = await page.getByTestId("title-input").inputValue();
  // Without an SEO title the page's own title shows, as the head writes it.
  await expect(title).toContainText(pageTitle.slice(0, 20));
  await expect(page.getByTestId("social-preview-title")).toHaveText(pageTitle);
  await expect(page.getByTestId("search-preview-address")).toContainText("› en › tuts › git-bisect");

  await page.getByTestId("seo-title-input").fill("Find the bad commit fast");
  await expect(title).toHaveText("Find the bad commit fast");
  await expect(page.getByTestId("social-preview-title")).toHaveText("Find the bad commit fast");
  await expect(page.getByTestId("seo-title-count")).toHaveText("24 of about 60 characters");

  const long = "A title far too long for a search result, which cuts it after about sixty characters";
  await page.getByTestId("seo-title-input").fill(long);
  await expect(page.getByTestId("seo-title-count")).toHaveAttribute("data-over", "true");
  await expect(page.getByTestId("seo-title-count")).toContainText("the rest may be cut off");
  const shown = (await title.textContent())!;
  expect(shown.endsWith("…")).toBe(true);
  expect([...shown].length).toBeLessThanOrEqual(60);

  await page.getByTestId("seo-description-input").fill("How git bisect finds the commit that broke things.");
  await expect(page.getByTestId("search-preview-description")).toHaveText(
    "How git bisect finds the commit that broke things.",
  );
  await expect(page.getByTestId("social-preview-description")).toHaveText(
    "How git bisect finds the commit that broke things.",
  );
  await page.getByTestId("seo-description-input").fill("");
  const excerpt = await page.getByTestId("description-input").inputValue();
  await expect(page.getByTestId("search-preview-description")).toContainText(excerpt.slice(0, 30));

  // Persian: right to left.
  await open(page, "/manage/editor/fa/tuts/git-bisect");
  await editorReady(page);
  await openPostSettings(page);
  await page.getByTestId("seo-title-input").fill("پیدا کردن تغییر خراب با git bisect");
  await expect(page.getByTestId("search-preview-title")).toHaveText("پیدا کردن تغییر خراب با git bisect");
  expect(await page.getByTestId("search-preview").evaluate((element) => getComputedStyle(element).direction)).toBe(
    "rtl",
  );
  await expect(page.getByTestId("seo-title-count")).toHaveText("۳۴ از حدود ۶۰ نویسه");
  await page.context().close();
});

test("seoTitle is saved only when set, the published page's head uses it, and a deleted page is gone once published", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const site = await startSeededSite();
  try {
    const page = await signedInPage(browser, site.url, "editor");
    // A page saved without the new fields is written as it was.
    await open(page, "/en/manage/editor/en/tuts/git-bisect");
    await editorReady(page);
    const before = await source(page.request, "en", "/tuts/git-bisect");
    await openPostSettings(page);
    await page.getByTestId("message-input").fill("Only a note");
    await closePostSettings(page);
    await page.getByTestId("rich-editor").locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" More.");
    await page.getByTestId("save").click();
    await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();
    const after = await source(page.request, "en", "/tuts/git-bisect");
    expect(after.text.split("---\n")[1]).toBe(before.text.split("---\n")[1]);
    expect(after.text).not.toContain("seo");

    // Set: written, and used once published.
    await openPostSettings(page);
    await page.getByTestId("seo-title-input").fill("Bisect: find the bad commit");
    await closePostSettings(page);
    await page.getByTestId("save").click();
    await expect
      .poll(async () => (await source(page.request, "en", "/tuts/git-bisect")).text)
      .toContain('seoTitle: "Bisect: find the bad commit"');
    expect((await source(page.request, "en", "/tuts/git-bisect")).text).not.toContain("seoDescription");

    // Another page, deleted after a question naming it.
    await open(page, "/en/manage/editor/en/notes/learning-slowly");
    await editorReady(page);
    const doomed = await page.getByTestId("title-input").inputValue();
    await openPostSettings(page);
    await page.getByTestId("delete-page").click();
    const question = page.getByTestId("delete-dialog");
    await expect(question).toContainText(`Delete “${doomed}”?`);
    await question.getByTestId("delete-confirm").click();
    await expect(page).toHaveURL(/\/en\/manage\/builds$/);
    // Not gone before publishing.
    expect((await page.request.get("/en/notes/learning-slowly")).status()).toBe(200);

    await publish(page.request, site.url);
    const html = await (await page.request.get("/en/tuts/git-bisect")).text();
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe("Bisect: find the bad commit");
    expect(html).toContain('<meta property="og:title" content="Bisect: find the bad commit"');
    // Gone: not found, or gone for good where the site answers so.
    expect([404, 410]).toContain((await page.request.get("/en/notes/learning-slowly")).status());
    await page.context().close();
  } finally {
    await site.stop();
  }
});

test("on a phone the panel is the whole screen and scrolls, with nothing cut off; looked at everywhere, axe finds nothing", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  for (const [width, height, device] of [
    [phone.width, phone.height, "phone"],
    [desktop.width, desktop.height, "desktop"],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await open(page, `${prefix}/manage/editor/${lang}/tuts/git-bisect`);
        await editorReady(page);
        await openPostSettings(page);
        const panel = page.getByTestId("post-settings");
        const body = page.getByTestId("post-settings-body");
        const box = (await panel.boundingBox())!;
        expect(box.height).toBe(height);
        if (device === "phone") expect(box.width).toBe(width);
        // Nothing wider than the panel; its body scrolls to the last section.
        expect(await body.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
        expect(await body.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
        await page.getByTestId("tags-input").focus();
        // The panel as it opens (a full-page picture would show the long page behind it instead).
        await page.screenshot({ path: `${screenshotDir}/post-settings-${lang}-${scheme}-${device}.png` });
        const results = await new AxeBuilder({ page }).include("[data-testid=post-settings]").analyze();
        expect(results.violations.map((v) => `${lang} ${scheme} ${device} ${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
        await page.getByTestId("delete-page").scrollIntoViewIfNeeded();
        await expect(page.getByTestId("delete-page")).toBeInViewport();
        await page.getByTestId("settings-search").scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `test-results/screenshots/post-settings-search-${lang}-${scheme}-${device}.png`,
        });
      }
    }
  }
  await page.context().close();
});
