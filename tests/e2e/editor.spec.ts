/**
 * Writing in the browser and publishing: a new Persian post with English words, a code block and a table,
 * saved into the open build; an English page changed; the build published; both live, in search and the feed;
 * the site's repository cloned with git, the build one commit in it.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { closePostSettings, expect, open, openPostSettings, savePage, signedInPage, snap, test } from "./fixtures";
import { clone, git } from "../helpers/git";
import { picture } from "../helpers/images";
import { startSeededSite } from "../helpers/seeded-site";

const ZWNJ = "\u200C";

async function editorReady(page: Page) {
  await page.getByTestId("rich-editor").waitFor();
}

test.describe.configure({ mode: "serial" });

test("write a Persian post, change an English page, publish both as one commit", async ({ browser }) => {
  test.setTimeout(180_000);
  // A site of its own: the open build and the repository's history hold this journey's changes only, whatever
  // this worker's other files did before it.
  const site = await startSeededSite();
  try {
    await writeAndPublish(browser, site.url);
  } finally {
    await site.stop();
  }
});

/** A new page in the editor, signed in as the editor, on a phone's screen. */
async function newPageOnPhone(browser: Browser, baseURL: string): Promise<Page> {
  const page = await signedInPage(browser, baseURL, "editor");
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/manage/editor");
  await editorReady(page);
  return page;
}

async function writeAndPublish(browser: Browser, baseURL: string) {
  const page = await signedInPage(browser, baseURL, "editor");

  // ── A new Persian post ────────────────────────────────────────────────────
  await open(page, "/manage/editor");
  await editorReady(page);
  await expect(page.getByTestId("editor-screen")).toHaveAttribute("data-locale", "fa");
  const title = page.getByTestId("title-input");
  await title.click();
  await page.keyboard.type("نیم");
  await page.keyboard.press("Shift+Space");
  await page.keyboard.type("فاصله در React");
  await expect(title).toHaveValue(`نیم${ZWNJ}فاصله در React`);
  await openPostSettings(page);
  await page.getByTestId("category-select").selectOption("notes");
  // The address follows the title: Persian letters kept, the half-space a hyphen.
  await expect(page.getByTestId("path-input")).toHaveValue("/notes/نیم-فاصله-در-react");
  await page.getByTestId("date-picker-open").click();
  await page.getByTestId("date-picker").locator("[data-date]").first().click();
  await expect(page.getByTestId("date-input")).toHaveValue(/^[۰-۹]{4}\/[۰-۹]{2}\/۰۱$/);
  await page.getByTestId("tags-input").fill("تایپوگرافی");
  await page.keyboard.press("Enter");
  await closePostSettings(page);

  const body = page.getByTestId("rich-editor");
  await body.click();
  await page.keyboard.type("این یادداشت درباره‌ی React Router و ۱۲۳ عدد فارسی است.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("This paragraph is in English, with one word: کتاب");
  await page.keyboard.press("Enter");
  // A code block from the toolbar, with its language.
  await page.getByTestId("tool-square-code").click();
  await page.keyboard.type("const answer = 42;");
  await page.getByTestId("code-language").selectOption("ts");
  await page.keyboard.press("ArrowDown");
  // A table from the toolbar.
  await page.getByTestId("tool-table").click();
  await page.keyboard.type("ستون");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Column");
  await page.keyboard.press("Tab");
  await page.keyboard.type("یک");
  await page.keyboard.press("Tab");
  await page.keyboard.type("1");

  // Each block reads in its own direction; code always left to right.
  const paragraphs = body.locator("p");
  await expect(paragraphs.nth(0)).toHaveAttribute("dir", "rtl");
  await expect(paragraphs.nth(1)).toHaveAttribute("dir", "ltr");
  await expect(body.locator("pre")).toHaveAttribute("dir", "ltr");
  await expect(page.getByTestId("editor-state")).toContainText("ذخیره‌نشده");
  await snap(page, "editor-new-fa-light-desktop");

  await page.getByTestId("save").click();
  await expect(page.getByText("تغییر ذخیره شد", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/manage\/editor\/fa\/notes\/%D9%86/);
  await editorReady(page);
  await expect(page.getByTestId("editor-state")).toContainText("ذخیره شده، منتشرنشده");

  // What was saved is the markdown the site renders: the source view shows it.
  await page.getByTestId("mode-source").click();
  const source = await page.getByTestId("source-editor").inputValue();
  expect(source).toContain("```ts\nconst answer = 42;\n```");
  expect(source).toContain("| ستون | Column |\n| --- | --- |\n| یک | 1 |");
  expect(source).toContain("۱۲۳");
  await page.getByTestId("mode-preview").click();
  await expect(page.getByTestId("preview").locator("table")).toBeVisible();
  await expect(page.getByTestId("preview").locator("pre")).toHaveAttribute("dir", "ltr");

  // ── An English page ───────────────────────────────────────────────────────
  await open(page, "/en/manage/editor/en/about");
  await editorReady(page);
  await page.getByTestId("rich-editor").locator("p").first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Edited in the browser.");
  await page.getByTestId("save").click();
  await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();

  // ── Publish ──────────────────────────────────────────────────────────────
  await open(page, "/en/manage/builds");
  const openBuild = page.locator('[data-testid="build"][data-status="open"]');
  await expect(openBuild.getByTestId("commit")).toHaveCount(2);
  await openBuild.locator('[data-action="update"]').getByTestId("show-diff").click();
  const diff = openBuild.getByTestId("commit-diff");
  await expect(diff.locator("ins")).toHaveCount(1);
  await expect(diff.locator("ins")).toContainText("Edited in the browser.");
  await snap(page, "builds-open-en-light-desktop");
  await openBuild.getByTestId("publish").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByText("Build committed and pushed successfully", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const published = page.locator('[data-testid="build"][data-status="published"]').first();
  await expect(published.getByTestId("commit")).toHaveCount(2);
  // Named by its day, in the reader's words; each changed page is a link once live.
  await expect(published.getByTestId("build-title")).toHaveText(/^Published on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(published.locator('[data-action="update"]').getByTestId("view-page")).toHaveAttribute(
    "href",
    "/en/about",
  );
  await open(page, "/manage/builds");
  const publishedFa = page.locator('[data-testid="build"][data-status="published"]').first();
  await expect(publishedFa.getByTestId("build-title")).toHaveText(/^انتشار [۰-۹]{1,2} \S+ [۰-۹]{4}$/);
  await expect(publishedFa.locator('[data-action="create"]').getByTestId("view-page")).toHaveText("دیدن صفحه");
  await expect(page.locator("main")).not.toContainText(/کامیت|بسته/);

  // ── Live: the pages, search and the feed ─────────────────────────────────
  const post = await page.request.get(`/notes/${encodeURIComponent("نیم-فاصله-در-react")}`);
  expect(post.status()).toBe(200);
  const html = await post.text();
  expect(html).toContain(`data-language="ts"`);
  expect(html).toContain("answer");
  expect(await (await page.request.get("/en/about")).text()).toContain("Edited in the browser.");
  const search = await page.request.get(`/api/search?q=${encodeURIComponent(`نیم${ZWNJ}فاصله`)}&locale=fa`);
  expect(JSON.stringify(await search.json())).toContain("نیم-فاصله-در-react");
  expect(await (await page.request.get("/feed.xml")).text()).toContain(encodeURIComponent("نیم-فاصله-در-react"));

  // ── The repository: one commit with both files ───────────────────────────
  const repo = await clone(`${baseURL}/git/content.git`);
  try {
    expect(await git(repo, "log", "-1", "--format=%s")).toMatch(/^Build \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await git(repo, "show", "--name-status", "--format=", "HEAD")).split("\n").sort()).toEqual([
      "A\tcontent/fa/notes/نیم-فاصله-در-react.md",
      "M\tcontent/en/about.md",
    ]);
    expect(await git(repo, "rev-list", "--count", "HEAD")).toBe("2");
  } finally {
    rmSync(path.dirname(repo), { recursive: true, force: true });
  }
  await page.context().close();
}

test("the editor keeps a draft in the browser and asks before leaving unsaved changes", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor/en/notes/writing-in-public");
  await editorReady(page);
  await page.getByTestId("rich-editor").locator("p").first().click();
  await page.keyboard.type("Unsaved words. ");
  await expect(page.getByTestId("editor-state")).toContainText("Unsaved changes");
  // Leaving through a link asks first; staying keeps the text.
  await page.getByRole("link", { name: "Builds" }).first().click();
  await expect(page.getByTestId("leave-dialog")).toBeVisible();
  await page.getByTestId("leave-stay").click();
  await expect(page.getByTestId("rich-editor")).toContainText("Unsaved words.");
  // A closed tab loses nothing: the draft comes back in a new page.
  await page.waitForTimeout(800);
  const again = await page.context().newPage();
  await open(again, "/en/manage/editor/en/notes/writing-in-public");
  await expect(again.getByTestId("draft-banner")).toBeVisible();
  await again.getByTestId("draft-restore").click();
  await expect(again.getByTestId("rich-editor")).toContainText("Unsaved words.");
  await page.context().close();
});

test("Edit this page appears for writers only, and Translate opens the other language beside its original", async ({
  browser,
  baseURL,
  page,
}) => {
  await open(page, "/en/tuts/git-bisect");
  await expect(page.getByTestId("edit-page")).toHaveCount(0);
  const writer = await signedInPage(browser, baseURL!, "editor");
  await open(writer, "/en/tuts/git-bisect");
  await writer.getByTestId("edit-page").click();
  await expect(writer).toHaveURL(/\/en\/manage\/editor\/en\/tuts\/git-bisect$/);
  await editorReady(writer);
  await expect(writer.getByTestId("title-input")).toHaveValue("Hunting Bugs with git bisect");
  // A post that exists only in Persian: translating it shows the Persian beside the editor.
  const persianOnly = `/notes/${encodeURIComponent("فقط-فارسی")}-${Date.now()}`;
  await savePage(writer.request, baseURL!, {
    locale: "fa",
    path: decodeURIComponent(persianOnly),
    title: "فقط به فارسی",
    markdown: "متنی با کد:\n\n```ts\nconst answer = 42;\n```\n",
  });
  await open(writer, `/en/manage/editor/en${persianOnly}?from=fa`);
  await expect(writer.getByTestId("translation-source").locator("pre")).toContainText("answer");
  await expect(writer.getByTestId("translation-source").locator("[dir]").first()).toHaveAttribute("dir", "rtl");
  await expect(writer.getByTestId("editor-screen")).toHaveAttribute("data-locale", "en");
  await writer.context().close();
});

test("the items list opens the editor, marks the open build's changes and offers Translate; the overview counts them", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/items?locale=en&q=writing-in-public");
  const row = page.locator('[data-testid="item-row"][data-path="/notes/writing-in-public"]');
  await expect(row.getByTestId("item-pending")).toHaveCount(0);
  await row.getByTestId("item-title").click();
  await expect(page).toHaveURL(/\/en\/manage\/editor\/en\/notes\/writing-in-public$/);
  await editorReady(page);
  await page.getByTestId("rich-editor").locator("p").first().click();
  await page.keyboard.type("Changed from the list. ");
  await page.getByTestId("save").click();
  await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();

  await open(page, "/en/manage/items?locale=en&q=writing-in-public");
  await expect(row.getByTestId("item-pending")).toHaveAttribute("data-action", "update");
  await expect(row.getByTestId("item-pending")).toHaveText("Changed in the open build");

  // The Persian post saved by the test above has no English page: Translate opens it in English beside it.
  await open(page, `/en/manage/items?locale=fa&translation=missing&q=${encodeURIComponent("فقط به فارسی")}`);
  const persian = page.locator('[data-testid="item-row"][data-locale="fa"]').first();
  await persian.getByTestId("item-translate").click();
  await expect(page).toHaveURL(/\/en\/manage\/editor\/en\/notes\/.+\?from=fa$/);
  await editorReady(page);
  await expect(page.getByTestId("editor-screen")).toHaveAttribute("data-locale", "en");
  await expect(page.getByTestId("translation-source").locator("pre")).toContainText("answer");

  // A new page in the language the list shows.
  await open(page, "/en/manage/items?locale=en");
  await page.getByTestId("new-page").click();
  await editorReady(page);
  await expect(page.getByTestId("editor-screen")).toHaveAttribute("data-locale", "en");
  await expect(page.getByTestId("title-input")).toHaveValue("");

  // The overview counts the unpublished changes (this one among them), and opens Builds, which lists as many.
  await open(page, "/en/manage");
  const card = page.getByTestId("count-unpublished-changes");
  const count = Number(await card.getByTestId("count-value").textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await card.getByRole("link").click();
  await expect(page).toHaveURL(/\/en\/manage\/builds$/);
  const openBuild = page.locator('[data-testid="build"][data-status="open"]');
  await expect(openBuild.getByTestId("commit")).toHaveCount(count);
  await expect(
    openBuild.locator('[data-testid="commit"][data-path="content/en/notes/writing-in-public.md"]'),
  ).toHaveCount(1);
  await page.context().close();
});

test("a Persian paragraph that begins with an English word reads right to left in the editor, as in its preview", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  await body.click();
  await page.keyboard.type("React یک کتابخانهٔ جاوااسکریپت برای ساختن رابط کاربری است.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("۲۰۲۶");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Node.js runs JavaScript outside the browser, on servers.");
  const paragraphs = body.locator("p");
  await expect(paragraphs.nth(0)).toHaveAttribute("dir", "rtl");
  // A line of digits has no direction of its own: it reads as the page does, here and on the site.
  await expect(paragraphs.nth(1)).toHaveAttribute("dir", "rtl");
  await expect(paragraphs.nth(2)).toHaveAttribute("dir", "ltr");

  await page.getByTestId("mode-preview").click();
  const shown = page.getByTestId("preview").locator("p");
  await expect(shown).toHaveCount(3);
  const directions = await shown.evaluateAll((list) => list.map((p) => getComputedStyle(p).direction));
  expect(directions).toEqual(["rtl", "rtl", "ltr"]);
  await page.context().close();
});

test("Ctrl+K in the text opens the link form, not the site search; with nothing selected the link brings its text", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  await body.click();
  await page.keyboard.type("Read the ");
  await page.keyboard.press("Control+k");
  await expect(page.getByTestId("link-dialog")).toBeVisible();
  await expect(page.getByTestId("search-dialog")).toHaveCount(0);
  // Nothing was selected: the form asks for the text too.
  await page.getByTestId("link-href").fill("https://commonmark.org/");
  await page.getByTestId("link-text").fill("CommonMark spec");
  // The focus is back in the text within the click's own task: a key typed in the next frame lands in the text.
  const focused = await page.getByTestId("link-apply").evaluate((button: HTMLElement) => {
    button.click();
    return document.activeElement?.getAttribute("contenteditable");
  });
  expect(focused).toBe("true");
  await page.keyboard.type(" today, ");
  await expect(body.locator('a[href="https://commonmark.org/"]')).toHaveText("CommonMark spec");

  // Left without text, the address is the link's text.
  await page.keyboard.press("Control+k");
  await page.getByTestId("link-href").fill("https://example.com/");
  await page.getByTestId("link-apply").click();
  await expect(body.locator('a[href="https://example.com/"]')).toHaveText("https://example.com/");
  await expect(body.locator("p").first()).toHaveText("Read the CommonMark spec today, https://example.com/");

  // Outside the text, Ctrl+K is the site search's again.
  await page.getByTestId("title-input").click();
  await page.keyboard.press("Control+k");
  await expect(page.getByTestId("search-dialog")).toBeVisible();
  await page.context().close();
});

test("the toolbar is one Tab stop with arrow keys along the reading direction; its list icons mirror in Persian", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  // The tooltips' code is held back until a tool has the focus: it then wraps every tool but that one in a new
  // element, and that one as the focus leaves it.
  let tooltipsArrive!: () => void;
  const held = new Promise<void>((resolve) => (tooltipsArrive = resolve));
  await page.route(/\/radix-tooltip-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, "/manage/editor");
  await editorReady(page);
  const toolbar = page.getByTestId("editor-toolbar");
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");
  // From the text, Shift+Tab reaches the toolbar once, and Tab comes back: one stop, whatever its size.
  await page.getByTestId("rich-editor").click();
  await page.keyboard.press("Shift+Tab");
  expect(await focused()).toBe("tool-pilcrow");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("rich-editor");
  await page.keyboard.press("Shift+Tab");
  // Right to left: ArrowLeft goes on to the next tool, ArrowRight back; End and Home go to the ends.
  await page.keyboard.press("ArrowLeft");
  expect(await focused()).toBe("tool-heading-1");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  expect(await focused()).toBe("tool-heading-1");
  await page.keyboard.press("End");
  expect(await focused()).toBe("tool-shortcuts");
  tooltipsArrive();
  await expect(page.getByTestId("tool-pilcrow")).toHaveAttribute("data-state", "closed");
  // The stop remembers the last tool used, also once its button is made anew.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  expect(await focused()).toBe("tool-shortcuts");
  expect(await toolbar.locator('[tabindex="0"]').count()).toBe(1);
  // Headings are named in Persian digits; list glyphs point along the line.
  await expect(page.getByTestId("tool-heading-2")).toHaveAttribute("aria-label", /سرتیتر ۲/);
  const scale = await page
    .getByTestId("tool-list")
    .locator("svg")
    .evaluate((svg) => getComputedStyle(svg).scale);
  expect(scale).toBe("-1 1");
  await page.context().close();
});

test("on a phone, the toolbar's Tab stop is the first tool its bar shows, the others left to its menu", async ({
  browser,
  baseURL,
}) => {
  const page = await newPageOnPhone(browser, baseURL!);
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");
  await expect(page.getByTestId("tool-pilcrow")).toBeHidden();
  await page.getByTestId("rich-editor").click();
  await page.keyboard.press("Shift+Tab");
  expect(await focused()).toBe("tool-heading-2");
  await page.keyboard.press("Home");
  expect(await focused()).toBe("tool-heading-2");
  await page.keyboard.press("Tab");
  expect(await focused()).toBe("rich-editor");
  await page.keyboard.press("Shift+Tab");
  expect(await focused()).toBe("tool-heading-2");
  await page.context().close();
});

test("Ctrl+/ and the toolbar's last button show the editor's shortcuts, in Persian and in English", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  await page.getByTestId("rich-editor").click();
  await page.keyboard.press("Control+/");
  const sheet = page.getByTestId("shortcuts-sheet");
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading", { name: "میان‌برهای صفحه‌کلید" })).toBeVisible();
  await expect(sheet.locator("div", { hasText: /^پررنگ/ }).locator("kbd")).toHaveText("Ctrl+B");
  await expect(sheet).toContainText("سرتیتر ۲");
  await expect(sheet).toContainText("Shift+Space");
  await snap(page, "editor-shortcuts-fa");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  // Back in the text, where it was.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("rich-editor");

  await open(page, "/en/manage/editor");
  await editorReady(page);
  await page.getByTestId("tool-shortcuts").click();
  await expect(sheet.getByRole("heading", { name: "Keyboard shortcuts" })).toBeVisible();
  await expect(sheet).toContainText("Heading 2");
  await snap(page, "editor-shortcuts-en");
  await page.context().close();
});

test("addresses keep their words' order in the page's font, and an empty search field reads in the page's direction", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  await page.getByTestId("title-input").fill("نیم فاصله در React");
  await openPostSettings(page);
  await page.getByTestId("category-select").selectOption("notes");
  const path = page.getByTestId("path-input");
  await expect(path).toHaveValue("/notes/نیم-فاصله-در-react");
  const style = await path.evaluate((input) => {
    const css = getComputedStyle(input);
    return { bidi: css.unicodeBidi, font: css.fontFamily, dir: input.getAttribute("dir") };
  });
  expect(style).toEqual({ bidi: "plaintext", font: expect.not.stringMatching(/mono/i), dir: "auto" });

  // The items list's search field holds no value React knows of: empty, it still reads right to left.
  await open(page, "/manage/items");
  const search = page.getByTestId("filter-q");
  expect(await search.evaluate((input) => getComputedStyle(input).direction)).toBe("rtl");
  expect(await search.evaluate((input) => getComputedStyle(input).unicodeBidi)).toBe("plaintext");
  // Each item's address is isolated in its own direction, not forced left to right.
  const address = page.getByTestId("item-row").first().locator("bdi[dir='auto']").first();
  await expect(address).toHaveText(/^\//);
  await page.context().close();
});

test("a new post starts dated today in the writer's calendar, filed where the last one was, and says when it will be listed nowhere", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  const today = new Intl.DateTimeFormat("fa-IR-u-ca-persian", { year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date())
    .replace(/\u200f/g, "");
  await openPostSettings(page);
  await expect(page.getByTestId("date-input")).toHaveValue(today);
  await expect(page.getByTestId("category-select")).toHaveValue("books");
  await expect(page.getByTestId("listing-notice")).toHaveCount(0);
  // Nothing was changed by the defaults: leaving asks nothing.
  await expect(page.getByTestId("editor-state")).not.toContainText("ذخیره‌نشده");

  // Without a category, or without a date, it says where it will not be listed.
  await page.getByTestId("category-select").selectOption("");
  await expect(page.getByTestId("listing-notice")).toContainText("در صفحهٔ هیچ دسته‌ای نه");
  await page.getByTestId("date-input").fill("");
  await page.getByTestId("date-input").press("Enter");
  await expect(page.getByTestId("listing-notice")).toContainText("بدون تاریخ این یک صفحه است");

  // Saved in a category: the next new post starts there.
  await page.getByTestId("category-select").selectOption("tuts");
  await page.getByTestId("date-input").fill(today);
  await page.getByTestId("date-input").press("Enter");
  await expect(page.getByTestId("listing-notice")).toHaveCount(0);
  await closePostSettings(page);
  await page.getByTestId("title-input").fill(`یادداشت تازه ${Date.now()}`);
  await page.getByTestId("rich-editor").click();
  await page.keyboard.type("متن نوشته.");
  await page.getByTestId("save").click();
  await expect(page).toHaveURL(/\/manage\/editor\/fa\/tuts\//);
  const saved = decodeURIComponent(new URL(page.url()).pathname).replace(/^\/manage\/editor\/fa/, "");
  await open(page, "/manage/editor");
  await editorReady(page);
  await openPostSettings(page);
  await expect(page.getByTestId("category-select")).toHaveValue("tuts");

  // Its translation keeps the original beside it after the first save.
  await open(page, `/en/manage/editor/en${saved}?from=fa`);
  await editorReady(page);
  await expect(page.getByTestId("translation-source")).toBeVisible();
  await page.getByTestId("title-input").fill("A new note");
  await page.getByTestId("rich-editor").click();
  await page.keyboard.type("The post's text.");
  await page.getByTestId("save").click();
  await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\?from=fa$/);
  await editorReady(page);
  await expect(page.getByTestId("translation-source")).toBeVisible();
  await page.context().close();
});

test("on a phone the title wraps, the saved state stays in view, and the text's length and reading time are counted", async ({
  browser,
  baseURL,
}) => {
  const page = await newPageOnPhone(browser, baseURL!);
  const title = page.getByTestId("title-input");
  const oneLine = (await title.boundingBox())!.height;
  await title.fill("یک عنوان بلند که روی صفحهٔ گوشی در یک خط جا نمی‌شود و باید بشکند");
  expect((await title.boundingBox())!.height).toBeGreaterThan(oneLine * 1.5);
  // Enter in the title goes on to the text, never into the title.
  await title.press("Enter");
  await page.keyboard.type("یک دو سه چهار پنج");
  await expect(title).not.toHaveValue(/\n/);
  await expect(page.getByTestId("editor-state")).toBeVisible();
  await expect(page.getByTestId("editor-state")).toHaveAttribute("title", "تغییرهای ذخیره‌نشده");
  await expect(page.getByTestId("word-count")).toHaveText("۵ واژه · ۱ دقیقه خواندن");
  await snap(page, "editor-phone-fa");
  await page.context().close();
});

test("a thumbnail is chosen from the site's images or uploaded, and shown as chosen", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor");
  await editorReady(page);
  await openPostSettings(page);
  const field = page.getByTestId("thumbnail-input");
  await expect(page.getByTestId("thumbnail-preview")).toHaveCount(0);

  // Uploaded from the picker: the thumbnail is its address, and the picture shows under the field.
  await page.getByTestId("thumbnail-choose").click();
  const picker = page.getByTestId("thumbnail-picker");
  await expect(picker).toBeVisible();
  await picker.getByTestId("thumbnail-file").setInputFiles({
    name: "cover-photo.png",
    mimeType: "image/png",
    buffer: await picture(800, 450, "png"),
  });
  await expect(picker).toHaveCount(0);
  await expect(field).toHaveValue(/^\/media\/[0-9a-f]{16}-cover-photo\.png$/);
  const uploaded = await field.inputValue();
  await expect(page.getByTestId("thumbnail-preview")).toBeVisible();
  expect(await page.getByTestId("thumbnail-preview").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);

  // Removed, then picked from the list, found by its name.
  await page.getByTestId("thumbnail-remove").click();
  await expect(field).toHaveValue("");
  await page.getByTestId("thumbnail-choose").click();
  await picker.getByTestId("thumbnail-search").fill("cover-photo");
  const choice = picker.getByTestId("thumbnail-choice").filter({ hasText: "cover-photo" });
  await expect(choice).toHaveCount(1);
  await choice.click();
  await expect(field).toHaveValue(uploaded);
  await page.context().close();
});

test("the outline lists the text's headings and takes the writer to each", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await page.setViewportSize({ width: 1366, height: 700 });
  await open(page, "/en/manage/editor/en/tuts/git-bisect");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  const headings = body.locator("h1, h2, h3");
  const count = await headings.count();
  expect(count).toBeGreaterThan(2);
  const outline = page.getByTestId("outline");
  await outline.locator("summary").click();
  const entries = outline.getByRole("button");
  await expect(entries).toHaveCount(count);
  await expect(entries.last()).toHaveText((await headings.last().textContent())!);
  await entries.last().click();
  await expect(headings.last()).toBeInViewport();
  await page.context().close();
});

test("focus mode leaves the title and the text alone on the page; Escape brings the rest back", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  await page.getByTestId("focus-mode").click();
  await expect(page.getByTestId("focus-mode")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("site-header")).toBeHidden();
  await expect(page.getByTestId("editor-heading")).toBeHidden();
  await expect(page.getByTestId("title-input")).toBeVisible();
  await page.getByTestId("rich-editor").click();
  await page.keyboard.type("در تمرکز می‌نویسم.");
  await snap(page, "editor-focus-fa");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("site-header")).toBeVisible();
  await expect(page.getByTestId("editor-heading")).toBeVisible();
  await expect(page.getByTestId("rich-editor")).toContainText("در تمرکز می‌نویسم.");
  await page.context().close();
});
