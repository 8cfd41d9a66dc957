/**
 * The parts of the editor that load on use (the link and image dialogs, the menu beside selected text,
 * the calendar, the preview, the leave and delete questions): none arrives with the page, each works on its first
 * use, and one whose code cannot be downloaded says so in the reader's language and leaves the text as it was. The
 * markdown reader and writer arrive when the text first changes (the editor is made from the document the server
 * read), and when they cannot be downloaded the editor says so and keeps what was typed as unsaved. A page holding
 * a table and highlighted code opens with its table ready to edit and saves byte for byte.
 */
import type { Browser, Page } from "@playwright/test";
import type { Editor } from "@tiptap/core";
import {
  closePostSettings,
  test,
  expect,
  open,
  openPostSettings,
  reload,
  savePage,
  signedInPage,
  snap,
} from "./fixtures";

const ON_USE =
  /\/assets\/(link-form|image-form|date-picker|preview-pane|confirm-dialog|selection-menu|post-settings|table-editing|autolink|slash-menu|clean-paste|toolbar-more|cursors|undo-history)-[\w-]+\.js$/;
/** The parts made to fail: the post-settings panel arrives, so that its calendar can fail inside it. */
const FAILING =
  /\/assets\/(link-form|image-form|date-picker|preview-pane|confirm-dialog|selection-menu|table-editing|autolink)-[\w-]+\.js$/;

/** The markdown reader and writer. */
const MARKDOWN_CODE = /\/assets\/manager-[\w-]+\.js$/;

/** The parts whose code the page has asked for, in order. */
function partsFetched(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const part = ON_USE.exec(new URL(request.url()).pathname)?.[1];
    if (part && !seen.includes(part)) seen.push(part);
  });
  return seen;
}

/** The editor's own document, read through Tiptap. */
function editorText(page: Page): Promise<string> {
  return page
    .getByTestId("rich-editor")
    .evaluate((element) => (element as unknown as { editor: Editor }).editor.state.doc.textContent);
}

test("each part of the editor that loads on use works on its first use, and none arrives with the page", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  const seen = partsFetched(page);
  const undoCode = await slowCode(page, /\/assets\/undo-history-[\w-]+\.js$/);
  await open(page, "/en/manage/editor");
  const editor = page.getByTestId("rich-editor");
  await editor.waitFor();
  await page.waitForLoadState("networkidle");
  expect(seen, "code of parts not used yet").toEqual([]);

  await page.getByTestId("title-input").fill("Parts on use");
  await editor.click();
  await page.keyboard.type("Words to link");
  // Undo's code is asked for on the first change. What is typed before it arrives stays as typed; Ctrl+Z pressed
  // meanwhile waits for it, with the keys after it, and then acts on what changed after it arrived.
  await expect.poll(() => undoCode.asked.length).toBe(1);
  await page.keyboard.press("Control+z");
  await page.keyboard.type(" gone");
  await page.keyboard.press("Control+z");
  expect(await editorText(page)).toBe("Words to link");
  undoCode.release();
  await expect.poll(() => editorText(page)).toBe("Words to link");
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(() => editorText(page)).toBe("Words to link gone");
  for (let i = 0; i < " gone".length; i++) await page.keyboard.press("Backspace");
  await expect.poll(() => editorText(page)).toBe("Words to link");
  // Selected text: the menu beside it.
  await page.keyboard.press("Shift+Home");
  await expect(page.getByTestId("bubble-menu")).toBeVisible();
  // The link dialog, from the toolbar, on the first click.
  await page.getByTestId("editor-toolbar").getByTestId("tool-link").click();
  await page.getByTestId("link-href").fill("https://example.com/");
  await page.getByTestId("link-apply").click();
  await expect(editor.locator('a[href="https://example.com/"]')).toHaveText("Words to link");

  // The image dialog.
  await page.keyboard.press("End");
  await page.getByTestId("tool-image").click();
  const dialog = page.getByTestId("image-dialog");
  await dialog.getByTestId("image-src").fill("/images/logo.png");
  await dialog.getByTestId("image-alt").fill("The logo");
  await dialog.getByTestId("image-insert").click();
  await expect(editor.locator('img[alt="The logo"]')).toHaveCount(1);

  // A table: inserted on the first click, and Tab moves to the next cell (its editing code arrives as the caret
  // enters the table; the keys typed after Tab land in the next cell whenever it arrives).
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByTestId("tool-table").click();
  await expect(editor.locator("table")).toHaveCount(1);
  await page.keyboard.type("first");
  await page.keyboard.press("Tab");
  await page.keyboard.type("second");
  await expect(editor.locator("table th").nth(1)).toHaveText("second");

  // The post-settings panel and its calendar.
  await openPostSettings(page);
  await page.getByTestId("date-picker-open").click();
  await page.getByTestId("date-picker").locator("[data-date]").first().click();
  await expect(page.getByTestId("date-input")).not.toHaveValue("");
  await closePostSettings(page);

  // The preview shows what was written.
  await page.getByTestId("mode-preview").click();
  await expect(page.getByTestId("preview").locator("table")).toBeVisible();
  await expect(page.getByTestId("preview").locator('a[href="https://example.com/"]')).toBeVisible();
  await page.getByTestId("mode-write").click();

  // Leaving with unsaved work asks first.
  await page.getByRole("link", { name: "Builds" }).first().click();
  await page.getByTestId("leave-stay").click();
  await expect(page).toHaveURL(/\/en\/manage\/editor$/);
  expect(await editorText(page)).toContain("second");

  expect(seen.toSorted()).toEqual(
    [
      "confirm-dialog",
      "cursors",
      "undo-history",
      "date-picker",
      "image-form",
      "link-form",
      "post-settings",
      "preview-pane",
      "selection-menu",
      "table-editing",
    ].toSorted(),
  );
  await page.context().close();
});

test("the toolbar's undo and redo are enabled exactly while there is a change to undo or redo", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor");
  const editor = page.getByTestId("rich-editor");
  const undo = page.getByTestId("tool-undo-2");
  const redo = page.getByTestId("tool-redo-2");
  await editor.waitFor();
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  // The first change (one letter) brings the history; it remembers what is typed after it arrived.
  const history = page.waitForResponse(/\/assets\/undo-history-[\w-]+\.js$/);
  await editor.click();
  await page.keyboard.type("O");
  await history;
  await expect
    .poll(() => editor.evaluate((e) => Boolean((e as unknown as { editor: Editor }).editor.storage.undoRedo.history)))
    .toBe(true);
  await expect(undo).toBeDisabled();
  await page.keyboard.type("ne two");
  await expect(undo).toBeEnabled();
  await expect(redo).toBeDisabled();

  // Typing makes one step, or a few when it paused (a busy machine): undone to the letter before the history.
  const stepTo = async (button: typeof undo, text: string) => {
    for (let i = 0; i < 6 && (await editorText(page)) !== text; i++) {
      const before = await editorText(page);
      await button.click();
      await expect.poll(() => editorText(page)).not.toBe(before);
    }
    expect(await editorText(page)).toBe(text);
  };
  await stepTo(undo, "O");
  await expect(undo).toBeDisabled();
  await expect(redo).toBeEnabled();
  await stepTo(redo, "One two");
  await expect(undo).toBeEnabled();
  await expect(redo).toBeDisabled();
  await page.context().close();
});

test("a part whose code cannot be downloaded says so in Persian and English, and the text stays as it was", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  // Offline for these parts only: the page itself has arrived.
  await page.route(FAILING, (route) => route.abort("internetdisconnected"));
  const editor = page.getByTestId("rich-editor");
  const alert = page.getByTestId("editor-alert");
  const fa = "این بخش از ویرایشگر بارگیری نشد. نوشته‌تان سر جایش است: اتصال را بررسی کنید و دوباره امتحان کنید.";
  const kept = "متنی که نباید گم شود";
  /** The Persian editor afresh, with a sentence typed and no alert yet. */
  const fresh = async () => {
    await open(page, "/manage/editor");
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type(kept);
    await expect(alert).toHaveCount(0);
  };

  await fresh();
  await page.getByTestId("editor-toolbar").getByTestId("tool-link").click();
  await expect(alert).toHaveText(fa);
  await expect(page.getByTestId("link-dialog")).toHaveCount(0);
  expect(await editorText(page)).toBe(kept);

  await fresh();
  await page.getByTestId("mode-preview").click();
  await expect(alert).toHaveText(fa);
  await expect(page.getByTestId("mode-write")).toHaveAttribute("aria-selected", "true");
  await expect(editor).toBeVisible();
  expect(await editorText(page)).toBe(kept);
  await snap(page, "editor-part-failed-fa-light-desktop");

  // Tab in a table without its editing code: said, and the keys typed after it still land, in the same cell.
  await fresh();
  await page.keyboard.press("Enter");
  await page.getByTestId("tool-table").click();
  await page.keyboard.type("یک");
  await page.keyboard.press("Tab");
  await page.keyboard.type("دو");
  await expect(alert).toHaveText(fa);
  await expect(editor.locator("table th").first()).toHaveText("یکدو");
  expect(await editorText(page)).toBe(`${kept}یکدو`);

  // An address typed without autolinking's code: said, and every key typed stays, in order, without a link.
  await fresh();
  await page.keyboard.type(" example.com و www.example.org پایان");
  await expect(alert).toHaveText(fa);
  expect(await editorText(page)).toBe(`${kept} example.com و www.example.org پایان`);
  await expect(editor.locator("a")).toHaveCount(0);

  // Undo's code and the cursors' (asked when the text is first focused and changed): said, and the text stays;
  // Ctrl+Z then undoes nothing.
  await page.route(/\/assets\/(cursors|undo-history)-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
  await open(page, "/manage/editor");
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type(kept);
  await expect(alert).toHaveText(fa);
  await page.keyboard.press("Control+z");
  await page.keyboard.type("!");
  await expect.poll(() => editorText(page)).toBe(`${kept}!`);

  await open(page, "/en/manage/editor");
  await page.getByTestId("rich-editor").waitFor();
  await openPostSettings(page);
  await page.getByTestId("date-picker-open").click();
  await expect(page.getByTestId("editor-alert")).toHaveText(
    "This part of the editor could not be downloaded. Your text is still here: check the connection and try again.",
  );
  // The date can still be typed.
  await page.getByTestId("date-input").fill("2026-03-04");
  await page.getByTestId("date-input").press("Enter");
  await expect(page.getByTestId("date-input")).toHaveValue("2026-03-04");
  await page.context().close();
});

/** Holds the answers for the scripts `pattern` names until `release()`: code that is slow to arrive. */
async function slowCode(page: Page, pattern: RegExp) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(pattern, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue();
  });
  return { asked, release };
}

test("keys typed while the tables' editing code or autolinking arrives act in the order they were typed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  const tables = await slowCode(page, /\/assets\/table-editing-[\w-]+\.js$/);
  const autolink = await slowCode(page, /\/assets\/autolink-[\w-]+\.js$/);
  await open(page, "/en/manage/editor");
  const editor = page.getByTestId("rich-editor");
  await editor.click();
  await page.waitForLoadState("networkidle");
  expect([...tables.asked, ...autolink.asked], "code asked for before its use").toEqual([]);

  // Tab before the tables' code is there: it and the keys after it wait for it, and then act in order.
  await page.getByTestId("tool-table").click();
  await page.keyboard.type("first");
  await page.keyboard.press("Tab");
  await page.keyboard.type("second");
  await page.keyboard.press("Tab");
  await page.keyboard.type("third");
  // Back to the second cell, its text selected and replaced, and a letter too many deleted.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.type("2ndd");
  await page.keyboard.press("Backspace");
  await expect.poll(() => tables.asked.length).toBe(1);
  await expect(editor.locator("table th").first()).toHaveText("first");
  expect(await editorText(page)).toBe("first");
  tables.release();
  await expect(editor.locator("table th")).toHaveText(["first", "2nd"]);
  await expect(editor.locator("table td")).toHaveText(["third", ""]);

  // An address typed before autolinking's code is there: the space after it waits, and the address is a link.
  await editor.locator("table td").nth(1).click();
  await page.keyboard.type("see example.com and www.example.org/a then more");
  // Moves with their modifiers, held too: Ctrl+← to the word's start, Ctrl+Home to the text's.
  await page.keyboard.press("Control+ArrowLeft");
  await page.keyboard.type("X");
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("Y");
  await expect.poll(() => autolink.asked.length).toBe(1);
  await expect(editor.locator("table td").nth(1)).toHaveText("see example.com");
  autolink.release();
  await expect(editor.locator("table td").nth(1)).toHaveText("see example.com and www.example.org/a then Xmore");
  await expect(editor.locator("table th").first()).toHaveText("Yfirst");
  await expect(editor.locator('a[href="https://example.com"]')).toHaveText("example.com");
  await expect(editor.locator('a[href="https://www.example.org/a"]')).toHaveText("www.example.org/a");

  // The table and the links are in the markdown.
  await page.getByTestId("mode-source").click();
  await expect(page.getByTestId("source-editor")).toHaveValue(
    [
      "| Yfirst | 2nd |",
      "| --- | --- |",
      "| third | see [example.com](https://example.com) and [www.example.org/a](https://www.example.org/a) then Xmore |",
    ].join("\n"),
  );
  await page.context().close();
});

test("the markdown code arrives when the text first changes; when it cannot, the editor says so and keeps the text", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  const editor = page.getByTestId("rich-editor");
  const state = page.getByTestId("editor-state");
  const asked: string[] = [];
  page.on("request", (request) => {
    if (MARKDOWN_CODE.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await open(page, "/manage/editor/fa/tuts/git-bisect");
  await editor.waitFor();
  await page.waitForLoadState("networkidle");
  expect(asked, "the markdown code, before any change").toEqual([]);
  await expect(editor.locator("table").first()).toBeVisible();
  await editor.locator("p").first().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" یک");
  await expect(state).toHaveText("تغییرهای ذخیره‌نشده");
  expect(asked).toHaveLength(1);
  // Undone: the text is the page's again, written back as it was.
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await expect(state).toHaveText("همان صفحهٔ منتشرشده");

  // Offline for the markdown code: what is typed stays, unsaved, and saving or the source view says so.
  const offline = await signedInPage(browser, baseURL!, "editor");
  await offline.route(MARKDOWN_CODE, (route) => route.abort("internetdisconnected"));
  const kept = " جمله‌ای که نباید گم شود";
  await open(offline, "/manage/editor/fa/tuts/git-bisect");
  const offlineEditor = offline.getByTestId("rich-editor");
  await offlineEditor.locator("p").first().click();
  await offline.keyboard.press("End");
  await offline.keyboard.type(kept);
  const alert = offline.getByTestId("editor-alert");
  await expect(alert).toHaveText(
    "این بخش از ویرایشگر بارگیری نشد. نوشته‌تان سر جایش است: اتصال را بررسی کنید و دوباره امتحان کنید.",
  );
  await expect(offline.getByTestId("editor-state")).toHaveText("تغییرهای ذخیره‌نشده");
  await offline.getByTestId("mode-source").click();
  await expect(offline.getByTestId("mode-write")).toHaveAttribute("aria-selected", "true");
  await offline.getByTestId("save").click();
  await expect(offline.getByTestId("editor-state")).toHaveText("تغییرهای ذخیره‌نشده");
  expect(await editorText(offline)).toContain(kept.trim());
  await offline.context().close();
  await page.context().close();
});

test("a page holding a table and highlighted code opens with its table ready to edit and saves byte for byte", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  const markdown = [
    "جدولی از فرمان‌ها و کدی با زبانش:",
    "| فرمان | کار |\n|:--|--:|\n| `git bisect start` | آغاز   |\n| git   bisect good | *خوب* |",
    "```ts title=bisect.ts\nconst answer: number = 42; // typed\nexport default answer;\n```",
    "~~~~python\nprint('hi')\n~~~~",
    "پایان.",
  ].join("\n\n");
  await savePage(page.request, baseURL!, { locale: "fa", path: "/notes/table-and-code", title: "جدول و کد", markdown });

  await open(page, "/manage/editor/fa/notes/table-and-code");
  const editor = page.getByTestId("rich-editor");
  await editor.waitFor();
  // Tab in a cell selects the next one's text.
  const selectedText = () =>
    editor.evaluate((element) => {
      const { state } = (element as unknown as { editor: Editor }).editor;
      return {
        inCell: state.selection.$from.parent.type.name === "paragraph" && state.selection.$from.depth > 1,
        text: state.doc.textBetween(state.selection.from, state.selection.to),
      };
    });
  await editor.locator("table td").first().click();
  // The caret is in the cell (the browser's selection has reached the editor) before the next key, as for a person.
  await expect.poll(async () => (await selectedText()).inCell).toBe(true);
  await page.keyboard.press("Tab");
  await expect.poll(async () => (await selectedText()).text.trim()).toBe("آغاز");
  // The menu beside selected text shows.
  await expect(page.getByTestId("bubble-menu")).toBeVisible();
  await page.keyboard.type("!");
  await expect(editor.locator("table td").nth(1)).toHaveText("!");
  // Typed back as it was (undo's code is asked for by this first change: what came before it is not undone).
  await page.keyboard.press("Backspace");
  await page.keyboard.type("آغاز");
  await expect(editor.locator("table td").nth(1)).toHaveText("آغاز");

  // Opened: the markdown is the page's, byte for byte.
  await page.getByTestId("mode-source").click();
  await expect(page.getByTestId("source-editor")).toHaveValue(markdown);
  await page.getByTestId("mode-write").click();
  await expect(editor).toBeVisible();

  // A paragraph added at the end and saved: every byte before it kept.
  const blocks = () =>
    editor.evaluate((element) => (element as unknown as { editor: Editor }).editor.state.doc.childCount);
  const before = await blocks();
  await editor.locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  // The new paragraph is there before its text is typed.
  await expect.poll(blocks).toBe(before + 1);
  await page.keyboard.type("بند تازه");
  await page.getByTestId("save").click();
  await expect(page.getByText("تغییر ذخیره شد", { exact: true })).toBeVisible();
  await reload(page);
  await page.getByTestId("rich-editor").waitFor();
  await page.getByTestId("mode-source").click();
  await expect(page.getByTestId("source-editor")).toHaveValue(`${markdown}\n\nبند تازه`);
  await page.context().close();
});

/** The editor's signed-in session, for browser contexts made otherwise (scripts off, a screen of their own). */
async function editorSession(browser: Browser, baseURL: string) {
  const signedIn = await signedInPage(browser, baseURL, "editor");
  const state = await signedIn.context().storageState();
  await signedIn.context().close();
  return state;
}

test("the editor's first paint has the page's text as the site renders it, in its place", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const storageState = await editorSession(browser, baseURL!);
  for (const [path, heading] of [
    ["/manage/editor/fa/tuts/git-bisect", /^ایده:/],
    ["/en/manage/editor/en/tuts/git-bisect", /^The idea: binary search/],
  ] as const) {
    for (const scheme of ["light", "dark"] as const) {
      for (const [width, height, device] of [
        [1366, 900, "desktop"],
        [390, 844, "phone"],
      ] as const) {
        // The server's document alone: what the first paint shows before any script runs.
        const context = await browser.newContext({
          baseURL,
          storageState,
          javaScriptEnabled: false,
          colorScheme: scheme,
          viewport: { width, height },
        });
        const page = await context.newPage();
        await page.goto(path);
        const pending = page.getByTestId("rich-editor-pending");
        await expect(pending.getByRole("heading", { name: heading })).toBeVisible();
        await expect(pending.locator("table").first()).toBeVisible();
        await snap(page, `editor-first-paint-${path.startsWith("/en") ? "en" : "fa"}-${scheme}-${device}`);
        await context.close();
      }
    }
  }
});

test("the toolbar is drawn from the first paint, its tools disabled; the editor enables them and takes the text's place without moving it", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const storageState = await editorSession(browser, baseURL!);
  for (const path of ["/manage/editor/fa/tuts/git-bisect", "/en/manage/editor/en/tuts/git-bisect"]) {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      // Where the text is before any script runs: the toolbar, every tool disabled, then the server's rendering.
      const still = await browser.newContext({ baseURL, storageState, javaScriptEnabled: false, viewport });
      const first = await still.newPage();
      await first.goto(path);
      const bar = first.getByTestId("editor-toolbar");
      await expect(bar.getByTestId("tool-bold")).toBeDisabled();
      await expect(bar.getByTestId("tool-undo-2")).toBeDisabled();
      const pendingTop = (await first.getByTestId("rich-editor-pending").boundingBox())!.y;
      const barHeight = (await bar.boundingBox())!.height;
      await still.close();

      // Once the editor is made: the same bar, its tools enabled, and the editor's text where the rendering was.
      const live = await browser.newContext({ baseURL, storageState, viewport });
      const page = await live.newPage();
      await open(page, path);
      const editor = page.getByTestId("rich-editor");
      await editor.waitFor();
      await expect(page.getByTestId("tool-bold")).toBeEnabled();
      await expect(page.getByTestId("tool-undo-2")).toBeDisabled();
      expect((await page.getByTestId("editor-toolbar").boundingBox())!.height).toBe(barHeight);
      expect((await editor.boundingBox())!.y).toBeCloseTo(pendingTop, 0);
      await live.close();
    }
  }
});
