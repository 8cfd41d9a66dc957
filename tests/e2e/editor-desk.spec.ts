/**
 * Writing as easily as in Ghost's editor: the slash menu (`/` offers the blocks, filtered in either language, chosen
 * with the keys or a click, closed by Escape with the text as typed), clean paste from a web page, Google Docs and
 * Microsoft Word (the clipboard's HTML as those programs write it; the markdown is what a writer would have typed),
 * moving blocks with Alt+Shift+↑/↓ and the drag handle (a page's markdown unchanged after a block moved and moved
 * back), and the phone's toolbar (one row, the rest in a "more" menu). In Persian first, and English.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { Editor } from "@tiptap/core";
import { expect, open, signedInPage, snap, test } from "./fixtures";

const ZWNJ = "\u200C";

async function editorReady(page: Page) {
  await page.getByTestId("rich-editor").waitFor();
}

/** The markdown the editor would save now, as its source view shows it (the view is left as it was). */
async function markdownOf(page: Page): Promise<string> {
  await page.getByTestId("mode-source").click();
  const text = await page.getByTestId("source-editor").inputValue();
  await page.getByTestId("mode-write").click();
  // Back in the text once the source was read into it (a click before would be undone by that reading).
  await expect(page.getByTestId("mode-write")).toHaveAttribute("aria-selected", "true");
  return text;
}

/** Pastes as a browser does: a paste event whose clipboard holds `html` (and `text`). */
async function paste(page: Page, html: string, text = "") {
  await page.getByTestId("rich-editor").evaluate(
    (element, data) => {
      const clipboard = new DataTransfer();
      clipboard.setData("text/html", data.html);
      if (data.text) clipboard.setData("text/plain", data.text);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** The texts of the document's top-level blocks. */
function blockTexts(page: Page): Promise<string[]> {
  return page.getByTestId("rich-editor").evaluate((element) => {
    const { doc } = (element as unknown as { editor: Editor }).editor.state;
    const texts: string[] = [];
    doc.forEach((node) => void texts.push(node.textContent));
    return texts;
  });
}

/** Where on the screen the caret would be `back` characters before where it is. */
function caret(page: Page, back: number): Promise<{ left: number; right: number; bottom: number }> {
  return page.getByTestId("rich-editor").evaluate((element, back) => {
    const { view } = (element as unknown as { editor: Editor }).editor;
    const { left, right, bottom } = view.coordsAtPos(view.state.selection.from - back);
    return { left, right, bottom };
  }, back);
}

test("the slash menu offers the blocks at the caret, filtered in either language, chosen with the keys", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  const menu = page.getByTestId("slash-menu");
  const options = menu.getByRole("option");
  await body.click();

  // `/` at the start of an empty paragraph opens the menu: a listbox the text points into.
  await page.keyboard.type("/");
  await expect(menu.getByRole("listbox")).toBeVisible();
  await expect(options.first()).toHaveText("متن");
  await expect(menu).toContainText("سرتیتر ۲");
  await expect(menu).toContainText("فهرست کارها");
  await expect(body).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
  // On the start side: its right edge at the `/` in right-to-left text.
  const at = await caret(page, 1);
  const box = (await menu.boundingBox())!;
  expect(Math.abs(box.x + box.width - at.right)).toBeLessThan(4);
  expect(box.y).toBeGreaterThanOrEqual(at.bottom);

  // Filtered as the writer types; the arrow keys move, Enter chooses, and the `/query` is replaced by the block.
  await page.keyboard.type("سر");
  await expect(options).toHaveText(["سرتیتر ۲", "سرتیتر ۳", "سرتیتر ۴"]);
  await page.keyboard.press("ArrowDown");
  await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(body).toHaveAttribute("aria-activedescendant", (await options.nth(1).getAttribute("id"))!);
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
  await page.keyboard.type("عنوان");
  await expect(body.locator("h3")).toHaveText("عنوان");
  await expect(body).not.toHaveAttribute("aria-activedescendant");

  // English names find the blocks in the Persian interface; Persian digits and Latin ones are the same.
  await page.keyboard.press("Enter");
  await page.keyboard.type("/head");
  await expect(options).toHaveText(["سرتیتر ۲", "سرتیتر ۳", "سرتیتر ۴"]);
  await page.keyboard.type("ing4");
  await expect(options).toHaveText(["سرتیتر ۴"]);
  await page.keyboard.press("Enter");
  await page.keyboard.type("چهارم");
  await expect(body.locator("h4")).toHaveText("چهارم");

  // Escape closes it and leaves the text as typed; it stays closed while that `/` is typed on.
  await page.keyboard.press("Enter");
  await page.keyboard.type("قیمت /نقل");
  await expect(options).toHaveText(["نقل‌قول"]);
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await page.keyboard.type("ی");
  await expect(menu).toHaveCount(0);
  await expect(body.locator("p").last()).toHaveText("قیمت /نقلی");

  // A click chooses too; a name nothing has says so.
  await page.keyboard.press("Enter");
  await page.keyboard.type("/zzz");
  await expect(menu).toContainText("بلوکی با این نام نیست.");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await menu.getByTestId("slash-quote").click();
  await page.keyboard.type("گفته‌ای");
  await expect(body.locator("blockquote")).toHaveText("گفته‌ای");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("/");
  await menu.getByTestId("slash-bulletList").click();
  await page.keyboard.type("یک");
  expect(await markdownOf(page)).toBe(["### عنوان", "#### چهارم", "قیمت /نقلی", "> گفته‌ای", "- یک"].join("\n\n"));

  // The shortcuts sheet lists `/`.
  await body.click();
  await page.keyboard.press("Control+/");
  await expect(page.getByTestId("shortcuts-sheet")).toContainText("افزودن بلوک (در آغاز سطر)");
  await page.keyboard.press("Escape");
  await page.context().close();
});

test("in English the menu opens on the `/`'s left, finds blocks by their Persian names and stays on a phone's screen", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor/en/about");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  const menu = page.getByTestId("slash-menu");
  // The caret at the page's end through the editor itself: in two CI runs a click and Control+End left it at the
  // end of a line in the middle of the page.
  await body.evaluate((element) => (element as unknown as { editor: Editor }).editor.commands.focus("end"));
  // Tiptap gives the text the browser's focus a frame later: a key pressed before then goes elsewhere.
  await expect(body).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.type("/head");
  await expect(menu.getByRole("option")).toHaveText(["Heading 2", "Heading 3", "Heading 4"]);
  const at = await caret(page, 5);
  const box = (await menu.boundingBox())!;
  expect(Math.abs(box.x - at.left)).toBeLessThan(4);
  for (let i = 0; i < 4; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("سر");
  await expect(menu.getByRole("option")).toHaveText(["Heading 2", "Heading 3", "Heading 4"]);
  await page.keyboard.press("Enter");
  await page.keyboard.type("Next steps");
  await expect(body.locator("h2", { hasText: "Next steps" })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press("Enter");
  await page.keyboard.type("/");
  const phone = (await menu.boundingBox())!;
  expect(phone.x).toBeGreaterThanOrEqual(0);
  expect(phone.x + phone.width).toBeLessThanOrEqual(390);
  await page.keyboard.press("Escape");
  await page.context().close();
});

// ── Clean paste ─────────────────────────────────────────────────────────────

/** Microsoft Word (Windows) as it puts a Persian heading and paragraph, a nested bulleted list and a numbered one. */
const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15"><meta name=Originator content="Microsoft Word 15">
<!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]-->
<style><!-- p.MsoNormal, li.MsoNormal, div.MsoNormal {margin:0cm; font-size:11.0pt; font-family:"Calibri",sans-serif;} p.MsoListParagraph {margin-left:36.0pt;} --></style></head>
<body lang=EN-US style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->
<h2 dir=RTL><span lang=FA style='font-family:"B Nazanin";mso-bidi-language:FA'>فهرست خرید<o:p></o:p></span></h2>
<p class=MsoNormal dir=RTL style='text-align:right;direction:rtl;unicode-bidi:embed'><span lang=FA style='font-family:"B Nazanin";mso-bidi-language:FA'>این متن <b style='mso-bidi-font-weight:normal'>پررنگ</b> و <i style='mso-bidi-font-style:normal'>کج</i> است؛ نیم${ZWNJ}فاصله و «ي» عربی
همان${ZWNJ}طور می${ZWNJ}مانند.<o:p></o:p></span></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Milk<o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Low fat<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Bread<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-bidi-font-family:Calibri'><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>First step<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-bidi-font-family:Calibri'><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Second step, with <a href="https://example.com/guide">the guide</a><o:p></o:p></p>
<!--EndFragment-->
</body>
</html>`;

/** Google Docs as Chrome puts it: the `docs-internal-guid` wrapper, styled spans, a nested list, a table. */
const DOCS =
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5c1a2b3d-7fff-4e21-9a0b-0123456789ab">` +
  `<h2 dir="rtl" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Vazirmatn,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">سرتیتر سند</span></h2>` +
  `<p dir="rtl" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;white-space:pre-wrap;">متن با </span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;white-space:pre-wrap;">کلمه${ZWNJ}ی پررنگ</span><span style="font-size:11pt;font-weight:400;">، </span><span style="font-size:11pt;font-weight:400;font-style:italic;">کج</span><span style="font-size:11pt;font-weight:400;"> و </span><a href="https://example.com/docs" style="text-decoration:none;"><span style="font-size:11pt;color:#1155cc;font-weight:400;text-decoration:underline;-webkit-text-decoration-skip:none;">پیوند</span></a><span style="font-size:11pt;font-weight:400;">.</span></p>` +
  `<br><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="rtl" style="list-style-type:disc;font-size:11pt;font-family:Arial,sans-serif;" aria-level="1"><p dir="rtl" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="font-size:11pt;font-weight:400;">مورد یک</span></p></li>` +
  `<ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;"><li dir="rtl" style="list-style-type:circle;" aria-level="2"><p dir="rtl" role="presentation"><span style="font-size:11pt;font-weight:400;">زیرمورد</span></p></li></ul>` +
  `<li dir="rtl" style="list-style-type:disc;" aria-level="1"><p dir="rtl" role="presentation"><span style="font-size:11pt;font-weight:400;">مورد دو</span></p></li></ul><br>` +
  `<div dir="rtl" style="margin-left:0pt;" align="right"><table style="border:none;border-collapse:collapse;"><colgroup><col width="200"><col width="200"></colgroup><tbody>` +
  `<tr style="height:0pt"><td style="border-left:solid #000000 1pt;padding:5pt;"><p dir="rtl" style="line-height:1.2;"><span style="font-size:11pt;font-weight:400;">ستون</span></p></td><td style="padding:5pt;"><p dir="ltr"><span style="font-size:11pt;font-weight:400;">Column</span></p></td></tr>` +
  `<tr style="height:0pt"><td style="padding:5pt;"><p dir="rtl"><span style="font-size:11pt;">۱۲</span></p></td><td style="padding:5pt;"><p dir="ltr"><span style="font-size:11pt;">12</span></p></td></tr>` +
  `</tbody></table></div></b><br class="Apple-interchange-newline">`;

/** A web page as Chrome puts a selection of it: wrappers, classes, inline styles, `<font>`, scripts and styles. */
const WEB =
  `<html><head><style>.article-body{color:red}</style><script>window.pasted = 1</script></head><body>` +
  `<!--StartFragment--><div class="article-body" style="font-family: Georgia, serif;"><h3 class="title" id="intro" style="color:#333">Getting started</h3>` +
  `<div><span style="font-size:18px;">Install it with </span><code class="inline">npm install daftar</code><span style="font-size:18px;"> and read the </span><a href="https://example.com/docs" class="link" target="_blank" rel="noopener">docs</a><span>.</span></div>` +
  `<font face="Arial" color="red">Old <b>bold</b> text</font>` +
  `<blockquote class="quote"><p style="margin:0">Quoted <em>words</em></p></blockquote>` +
  `<pre class="hl"><code class="language-js"><span class="k">const</span> x = <span class="n">1</span>;</code></pre>` +
  `<p><img src="https://example.com/cat.png" alt="A cat" width="300" style="float:left"><img src="data:image/png;base64,iVBORw0KGgo=" alt="data"></p>` +
  `<span class="empty"></span><script>window.pasted = 2</script><style>p{margin:0}</style><!-- a comment --></div><!--EndFragment--></body></html>`;

test("HTML pasted from Word, Google Docs and a web page is saved as the markdown a writer would type", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  const persian = `این متن **پررنگ** و *کج* است؛ نیم${ZWNJ}فاصله و «ي» عربی همان${ZWNJ}طور می${ZWNJ}مانند.`;

  await body.click();
  await paste(page, WORD, "Milk");
  await expect(body.locator("ol li")).toHaveCount(2);
  expect(await markdownOf(page)).toBe(
    [
      "## فهرست خرید",
      persian,
      "- Milk\n  - Low fat\n- Bread",
      "1. First step\n2. Second step, with [the guide](https://example.com/guide)",
    ].join("\n\n"),
  );

  await open(page, "/manage/editor");
  await editorReady(page);
  await body.click();
  await paste(page, DOCS, "سرتیتر سند");
  await expect(body.locator("table")).toHaveCount(1);
  expect(await markdownOf(page)).toBe(
    [
      "## سرتیتر سند",
      `متن با **کلمه${ZWNJ}ی پررنگ**، *کج* و [پیوند](https://example.com/docs).`,
      "- مورد یک\n  - زیرمورد\n- مورد دو",
      "| ستون | Column |\n| --- | --- |\n| ۱۲ | 12 |",
    ].join("\n\n"),
  );

  await open(page, "/en/manage/editor");
  await editorReady(page);
  await body.click();
  await paste(page, WEB, "Getting started");
  await expect(body.locator("pre")).toHaveCount(1);
  expect(await markdownOf(page)).toBe(
    [
      "### Getting started",
      "Install it with `npm install daftar` and read the [docs](https://example.com/docs).",
      "Old **bold** text",
      "> Quoted *words*",
      "```js\nconst x = 1;\n```",
      "![A cat](https://example.com/cat.png)",
    ].join("\n\n"),
  );

  // Plain text keeps the editor's own path (its paste rules read `**…**` as bold, as before).
  await body.locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByTestId("rich-editor").evaluate((element) => {
    const clipboard = new DataTransfer();
    clipboard.setData("text/plain", "**as typed**");
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: clipboard, bubbles: true, cancelable: true }));
  });
  await expect(body.locator("p").last().locator("strong")).toHaveText("as typed");
  await page.context().close();
});

test("a slash menu or paste cleaner whose code cannot be downloaded says so, and the text stays as it was", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await page.route(/\/assets\/(slash-menu|clean-paste)-[\w-]+\.js$/, (route) => route.abort("internetdisconnected"));
  await open(page, "/en/manage/editor");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  const alert = page.getByTestId("editor-alert");
  const failed =
    "This part of the editor could not be downloaded. Your text is still here: check the connection and try again.";
  await body.click();
  await page.keyboard.type("Kept as typed /");
  await expect(alert).toHaveText(failed);
  await expect(page.getByTestId("slash-menu")).toHaveCount(0);
  expect(await blockTexts(page)).toEqual(["Kept as typed /"]);

  await open(page, "/en/manage/editor");
  await editorReady(page);
  await body.click();
  await page.keyboard.type("Kept");
  await expect(alert).toHaveCount(0);
  await paste(page, WEB, "Getting started");
  await expect(alert).toHaveText(failed);
  expect(await blockTexts(page)).toEqual(["Kept"]);
  await page.context().close();
});

// ── Moving blocks ───────────────────────────────────────────────────────────

test("Alt+Shift+↑/↓ and the drag handle move a block; moved and moved back, a page's markdown is byte for byte", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/manage/editor");
  await editorReady(page);
  const body = page.getByTestId("rich-editor");
  await body.click();
  for (const [index, word] of ["یک", "دو", "سه"].entries()) {
    if (index) await page.keyboard.press("Enter");
    await page.keyboard.type(word);
  }
  await page.keyboard.press("Alt+Shift+ArrowUp");
  await page.keyboard.press("Alt+Shift+ArrowUp");
  expect(await blockTexts(page)).toEqual(["سه", "یک", "دو"]);
  // The caret went with the block: typing goes on in it.
  await page.keyboard.type("!");
  await page.keyboard.press("Alt+Shift+ArrowDown");
  expect(await blockTexts(page)).toEqual(["یک", "سه!", "دو"]);

  // The handle stands on the text's start side (the right here) of the block under the mouse.
  const second = body.locator("p").nth(1);
  const box = (await second.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const handle = page.getByTestId("block-handle");
  await expect(handle).toBeVisible();
  const grip = (await handle.boundingBox())!;
  expect(grip.x).toBeGreaterThan(box.x + box.width / 2);
  await snap(page, "editor-drag-handle-fa-light-desktop");
  // Dragged below the last block, let go there.
  const last = (await body.locator("p").nth(2).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, last.y + last.height - 2, { steps: 5 });
  await expect(page.getByTestId("block-drop-line")).toBeVisible();
  await page.mouse.up();
  expect(await blockTexts(page)).toEqual(["یک", "دو", "سه!"]);
  // Escape while dragging leaves everything where it was.
  const first = (await body.locator("p").first().boundingBox())!;
  await page.mouse.move(first.x + 10, first.y + first.height / 2);
  const again = (await handle.boundingBox())!;
  await page.mouse.move(again.x + again.width / 2, again.y + again.height / 2);
  await page.mouse.down();
  await page.mouse.move(again.x + again.width / 2, last.y + last.height - 2, { steps: 5 });
  await page.keyboard.press("Escape");
  await page.mouse.up();
  expect(await blockTexts(page)).toEqual(["یک", "دو", "سه!"]);

  // The shortcuts sheet lists the keys.
  await body.click();
  await page.keyboard.press("Control+/");
  await expect(page.getByTestId("shortcuts-sheet")).toContainText("بردن بلوک به بالا");
  await expect(page.getByTestId("shortcuts-sheet")).toContainText("Alt+Shift+↑");
  await page.keyboard.press("Escape");

  // A bundled page: its first paragraph moved below the heading keeps its bytes (the same lines in another
  // order); moved and moved back, the markdown is what was read.
  await open(page, "/manage/editor/fa/tuts/git-bisect");
  await editorReady(page);
  const original = await markdownOf(page);
  await open(page, "/manage/editor/fa/tuts/git-bisect");
  await editorReady(page);
  const before = await blockTexts(page);
  await body.locator("p").first().click();
  await page.keyboard.press("Alt+Shift+ArrowDown");
  expect(await blockTexts(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  const moved = await markdownOf(page);
  expect(moved.indexOf("## ایده")).toBeLessThan(moved.indexOf("چند هفته پیش"));
  const lines = (text: string) => text.split("\n").filter(Boolean).sort();
  expect(lines(moved)).toEqual(lines(original));
  await open(page, "/manage/editor/fa/tuts/git-bisect");
  await editorReady(page);
  await body.locator("p").first().click();
  await page.keyboard.press("Alt+Shift+ArrowDown");
  expect(await blockTexts(page)).toEqual([before[1], before[0], ...before.slice(2)]);
  await page.keyboard.press("Alt+Shift+ArrowUp");
  expect(await blockTexts(page)).toEqual(before);
  expect(await markdownOf(page)).toBe(original);
  await page.context().close();
});

// ── The phone's toolbar ─────────────────────────────────────────────────────

test("on a phone the toolbar is one row, the rest in a keyboard-usable “more” menu", async ({ browser, baseURL }) => {
  const page = await signedInPage(browser, baseURL!, "editor");
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/manage/editor");
  await editorReady(page);
  const toolbar = page.getByTestId("editor-toolbar");
  expect((await toolbar.boundingBox())!.height).toBeLessThan(50);
  await expect(page.getByTestId("tool-bold")).toBeVisible();
  await expect(page.getByTestId("tool-quote")).toBeHidden();
  await expect(page.getByTestId("editor-state")).toBeVisible();
  const more = page.getByTestId("tool-more");
  await expect(more).toHaveAttribute("aria-expanded", "false");

  await page.getByTestId("rich-editor").click();
  await page.keyboard.type("گفته");
  // From the text: Shift+Tab to the toolbar, End to its last tool, the "more" button; Enter opens its menu.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("End");
  await expect(more).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("menuitemcheckbox").first()).toBeFocused();
  await snap(page, "editor-toolbar-more-fa-light-phone");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();

  await page.keyboard.press("Enter");
  const quote = menu.getByRole("menuitemcheckbox", { name: "نقل‌قول" });
  for (let i = 0; i < 20 && !(await quote.evaluate((item) => item === document.activeElement)); i++)
    await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
  await expect(page.getByTestId("rich-editor").locator("blockquote")).toHaveText("گفته");
  await page.context().close();
});

// ── Looked at ───────────────────────────────────────────────────────────────

test("the slash menu, the drag handle and the phone's toolbar: fa and en, light and dark, desktop and phone; axe finds nothing", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  // Each visit starts without the drafts the earlier ones left (their banner would move the text as it appears).
  await page.addInitScript(() => {
    for (const key of Object.keys(localStorage)) if (key.startsWith("daftar.draft:")) localStorage.removeItem(key);
  });
  for (const [device, viewport] of [
    ["desktop", { width: 1366, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [prefix, lang] of [
        ["", "fa"],
        ["/en", "en"],
      ] as const) {
        await open(page, `${prefix}/manage/editor/${lang}/tuts/git-bisect`);
        await editorReady(page);
        const body = page.getByTestId("rich-editor");
        await body.locator("h2").first().click();
        // The caret at the end of the text, put where the browser keeps it (a heading's End is the end of its line,
        // and a heading wraps on a phone); the editor reads it before it handles the next key.
        await page.evaluate(() => {
          const root = document.querySelector<HTMLElement>('[data-testid="rich-editor"]')!;
          const editable = root.isContentEditable ? root : root.querySelector<HTMLElement>("[contenteditable=true]")!;
          const range = document.createRange();
          range.selectNodeContents(editable.lastElementChild!);
          range.collapse(false);
          const selection = window.getSelection()!;
          selection.removeAllRanges();
          selection.addRange(range);
        });
        await page.keyboard.press("Enter");
        await page.keyboard.type("/");
        await expect(page.getByTestId("slash-menu")).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `test-results/screenshots/editor-slash-${lang}-${scheme}-${device}.png` });
        const axe = await new AxeBuilder({ page })
          .include('[data-testid="editor-screen"]')
          .include('[data-testid="slash-menu"]')
          .analyze();
        expect(
          axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
          `${lang} ${scheme} ${device}`,
        ).toEqual([]);
        await page.keyboard.press("Escape");
        if (device === "phone") {
          await page.getByTestId("tool-more").click();
          await expect(page.getByRole("menu")).toBeVisible();
          await page.screenshot({ path: `test-results/screenshots/editor-toolbar-more-${lang}-${scheme}-phone.png` });
          await page.keyboard.press("Escape");
        } else {
          const heading = body.locator("h2").last();
          await heading.scrollIntoViewIfNeeded();
          const block = (await heading.boundingBox())!;
          await page.mouse.move(block.x + block.width / 2, block.y + 4);
          await expect(page.getByTestId("block-handle")).toBeVisible();
          await page.screenshot({ path: `test-results/screenshots/editor-handle-${lang}-${scheme}-desktop.png` });
        }
      }
    }
  }
  await page.context().close();
});
