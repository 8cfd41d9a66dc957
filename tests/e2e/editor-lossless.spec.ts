/**
 * The editor changes nothing a writer did not edit, in the browser: a page holding CommonMark examples that are
 * easy to rewrite by accident (entities, escapes, link addresses with spaces, titles with quotes, emphasis around
 * links, code spans holding backticks, loose lists, linked images, HTML) and Persian paragraphs is opened in the
 * editor, a paragraph added at its end, saved and published: the published file is the original plus the
 * paragraph, byte for byte. And every example of the specification, given to the editor and read back from it,
 * is the same markdown. The site is this file's own, so its builds and repository hold only what happens here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { Editor } from "@tiptap/core";
import { composeContentFile, editableFile } from "~/builds/content-file";
import { readTree } from "~/editor/markdown/syntax";
import { clone, git, gitBytes } from "../helpers/git";
import { commonMarkExamples, gfmExamples, type MarkdownExample } from "../helpers/markdown-examples";
import { seedDatabaseAt } from "../helpers/seed";
import { startSite, type SiteProcess } from "../helpers/site-process";
import { test as base, expect, open, reload, savePage, signedInPage, snap } from "./fixtures";

const test = base.extend<object, { losslessSite: SiteProcess }>({
  losslessSite: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "daftar-lossless-"));
      try {
        await seedDatabaseAt(`file:${path.join(dataDir, "daftar.db")}`);
        const site = await startSite({ DATA_DIR: dataDir });
        try {
          await use(site);
        } finally {
          await site.stop();
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker" },
  ],
  baseURL: async ({ losslessSite }, use) => use(losslessSite.url),
});

test.describe.configure({ mode: "serial" });

const ZWNJ = "\u200C";

/** Top-level constructs of `markdown` by type and place (shifted by `at`). */
function outline(markdown: string, at = 0): string[] {
  return readTree(markdown).children.map(
    (node) => `${node.type} ${node.position!.start.offset! + at}-${node.position!.end.offset! + at}`,
  );
}

/** What each part of the sample is chosen for: a section of the specification and what its markdown holds. */
const WANTED: { section: string; holds?: RegExp; count: number }[] = [
  { section: "Entity and numeric character references", count: 4 },
  { section: "Backslash escapes", count: 4 },
  { section: "Links", holds: /\]\(<[^>\n]* [^>\n]*>/, count: 2 },
  { section: "Links", holds: /\]\([^)\n]*"[^"\n]*(\\"|&quot;)/, count: 2 },
  { section: "Links", holds: /\[!\[/, count: 2 },
  { section: "Emphasis and strong emphasis", holds: /\]\(/, count: 3 },
  { section: "Code spans", holds: /``/, count: 4 },
  { section: "Lists", holds: /\n\n/, count: 3 },
  { section: "List items", holds: /\n\n/, count: 2 },
  { section: "HTML blocks", count: 4 },
  { section: "Raw HTML", count: 2 },
  { section: "Hard line breaks", count: 2 },
  { section: "Autolinks", count: 2 },
  { section: "Link reference definitions", count: 2 },
  { section: "Tabs", count: 2 },
];

/**
 * A few dozen specification examples, each added only when the page reads it as it reads alone (an example
 * left open, such as a fence never closed, would take in the next ones), with Persian paragraphs between.
 */
function samplePage(): string {
  const examples = commonMarkExamples();
  const persian = [
    `## نمونه‌ها با نیم${ZWNJ}فاصله`,
    `این صفحه React Router 8 و \`code\` و ارقام ۱۲۳ و ٤٥٦ دارد؛ می${ZWNJ}خواهم هیچ بایتی عوض نشود.`,
    "- مورد اول\n- مورد دوم با [پیوند](https://example.com/صفحه)",
    "- [x] کار انجام‌شده\n- [ ] کار مانده\n\n1. [ ] کاری شماره‌دار\n2. بندی ساده",
    "English with فارسی in the middle, and **پررنگ** inside.",
  ];
  let page = persian.slice(0, 2).join("\n\n");
  const taken = new Set<number>();
  for (const { section, holds, count } of WANTED) {
    let found = 0;
    for (const example of examples) {
      if (found === count) break;
      const index = examples.indexOf(example);
      if (example.section !== section || taken.has(index) || (holds && !holds.test(example.markdown))) continue;
      const markdown = example.markdown.replace(/\n+$/, "");
      const next = `${page}\n\n${markdown}`;
      const apart = [...outline(page), ...outline(markdown, page.length + 2)];
      if (outline(next).join() !== apart.join()) continue;
      page = next;
      taken.add(index);
      found++;
    }
  }
  return `${page}\n\n${persian.slice(2).join("\n\n")}`;
}

const PAGE = "/notes/commonmark-sample";

async function saveAndPublish(request: APIRequestContext, origin: string, locale: "fa" | "en", markdown: string) {
  await savePage(request, origin, {
    locale,
    path: PAGE,
    title: locale === "fa" ? "نمونه‌های CommonMark" : "CommonMark samples",
    markdown,
  });
}

async function publishOpenBuild(request: APIRequestContext, origin: string) {
  const { builds } = (await (await request.get("/api/builds/all")).json()) as {
    builds: { id: number; status: string }[];
  };
  const published = await request.post("/api/builds/run", {
    headers: { origin },
    data: { buildId: builds.find((build) => build.status === "open")!.id },
  });
  expect(published.status()).toBe(200);
}

/**
 * The file as the site's repository holds it once it has `commits` commits (the repository follows the database's
 * history a moment after a build is published).
 */
async function publishedFile(baseURL: string, file: string, commits: number): Promise<string> {
  let bytes = "";
  await expect
    .poll(
      async () => {
        const repo = await clone(`${baseURL}/git/content.git`);
        try {
          const count = Number(await git(repo, "rev-list", "--count", "HEAD"));
          if (count === commits) bytes = (await gitBytes(path.join(repo, ".git"), `HEAD:${file}`)).toString("utf8");
          return count;
        } finally {
          rmSync(path.dirname(repo), { recursive: true, force: true });
        }
      },
      { timeout: 30_000 },
    )
    .toBe(commits);
  return bytes;
}

async function editorReady(page: Page) {
  await page.getByTestId("rich-editor").waitFor();
}

/**
 * Puts the caret at the end of the page, or at the end of its first block of a type, through the editor itself:
 * a click can land beside its target while the page's images load and move the text.
 */
async function placeCaret(page: Page, at: "end" | { endOfFirst: string }) {
  await page.getByTestId("rich-editor").evaluate((element, target) => {
    const editor = (element as unknown as { editor: Editor }).editor;
    if (target === "end") {
      editor.commands.focus("end");
      return;
    }
    let position = -1;
    editor.state.doc.forEach((node, offset) => {
      if (position < 0 && node.type.name === target.endOfFirst) position = offset + node.nodeSize - 1;
    });
    editor.commands.focus(position);
  }, at);
  // Tiptap gives the text the browser's focus a frame later: a key pressed before then goes elsewhere.
  await expect(page.getByTestId("rich-editor")).toBeFocused();
}

test("a page of CommonMark examples and Persian text, a paragraph added in the editor and published: the file is the original plus the paragraph, byte for byte", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const sample = samplePage();
  const page = await signedInPage(browser, baseURL!, "editor");
  await saveAndPublish(page.request, baseURL!, "fa", sample);
  await saveAndPublish(page.request, baseURL!, "en", sample);
  await publishOpenBuild(page.request, baseURL!);
  const file = `content/fa${PAGE}.md`;
  // The history: the pages as installed, then this build.
  const original = await publishedFile(baseURL!, file, 2);
  // The file the site wrote for the page holds the sample as given.
  expect(original).toBe(composeContentFile(null, editableFile(original).frontMatter, sample));

  // Opened: the editor's markdown is the page's, byte for byte.
  await open(page, `/manage/editor/fa${PAGE}`);
  await editorReady(page);
  await expect(page.getByTestId("editor-state")).toContainText("همان صفحهٔ منتشرشده");
  await page.getByTestId("mode-source").click();
  await expect(page.getByTestId("source-editor")).toHaveValue(sample);

  // A paragraph added at the end of the page, in the rich editor as it was opened.
  await reload(page);
  await editorReady(page);
  // The end of the page's last paragraph, then a new paragraph.
  await placeCaret(page, "end");
  const blocks = () =>
    page
      .getByTestId("rich-editor")
      .evaluate((element) => (element as unknown as { editor: Editor }).editor.state.doc.childCount);
  const before = await blocks();
  await page.keyboard.press("Enter");
  // The new paragraph is there before its text is typed.
  await expect.poll(blocks).toBe(before + 1);
  const typed = `بند تازه${ZWNJ}ای از مرورگر، با [کروشه] و ۲ * ۳ و <b> و English words.`;
  await page.keyboard.type(typed);
  await page.getByTestId("save").click();
  await expect(page.getByText("تغییر ذخیره شد", { exact: true })).toBeVisible();

  // One block edited, in the English page: its heading.
  const enFile = `content/en${PAGE}.md`;
  const enOriginal = await publishedFile(baseURL!, enFile, 2);
  await open(page, `/en/manage/editor/en${PAGE}`);
  await editorReady(page);
  await placeCaret(page, { endOfFirst: "heading" });
  await page.keyboard.type(" (ویرایش)");
  await page.getByTestId("save").click();
  await expect(page.getByText("Commit created successfully", { exact: true })).toBeVisible();

  await open(page, "/manage/builds");
  const openBuild = page.locator('[data-testid="build"][data-status="open"]');
  await expect(openBuild.getByTestId("commit")).toHaveCount(2);
  // This build, by its id: the list also holds the baseline and the build published above, and counting the
  // published ones could pass while this one was still publishing.
  const thisBuild = page.locator(
    `[data-testid="build"][data-build-id="${await openBuild.getAttribute("data-build-id")}"]`,
  );
  await openBuild.getByTestId("publish").click();
  await page.getByTestId("publish-confirm").click();
  await expect(thisBuild).toHaveAttribute("data-status", "published", { timeout: 30_000 });
  await expect(page.locator('[data-testid="build"][data-status="published"]')).toHaveCount(3);

  // Every byte of the page as it was, then the paragraph, written so that it reads as typed.
  const written = `بند تازه${ZWNJ}ای از مرورگر، با \\[کروشه] و ۲ \\* ۳ و \\<b> و English words.`;
  expect(await publishedFile(baseURL!, file, 3)).toBe(`${original.replace(/\n$/, "")}\n\n${written}\n`);
  // The edited heading's line changed, and not one other byte.
  const heading = `## نمونه‌ها با نیم${ZWNJ}فاصله`;
  expect(enOriginal.split(heading)).toHaveLength(2);
  expect(await publishedFile(baseURL!, enFile, 3)).toBe(enOriginal.replace(heading, `${heading} (ویرایش)`));
  // The published page shows the paragraph as it was typed: brackets, star and tag as text.
  await open(page, PAGE);
  await expect(page.getByTestId("article").locator(".prose > p").last()).toHaveText(typed);
  await page.context().close();
});

test("the editor with the sample page, fa and en, light and dark, desktop and phone", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  for (const locale of ["fa", "en"] as const) {
    for (const theme of ["light", "dark"] as const) {
      for (const [device, width] of [
        ["desktop", 1366],
        ["phone", 390],
      ] as const) {
        const page = await signedInPage(browser, baseURL!, "editor");
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await open(page, `/${locale}/manage/editor/${locale}${PAGE}`);
        await editorReady(page);
        if (theme === "dark" && !(await page.locator("html.dark").count())) {
          await page.evaluate(() => document.documentElement.classList.add("dark"));
        }
        // Nothing of the page is lost from the view: every Persian paragraph shows, right to left.
        const editor = page.getByTestId("rich-editor");
        await expect(editor.locator("p", { hasText: "English with فارسی" })).toHaveAttribute("dir", "ltr");
        await expect(editor.locator("p", { hasText: "می" }).first()).toHaveAttribute("dir", "rtl");
        await snap(page, `editor-lossless-${locale}-${theme}-${device}`);
        await page.context().close();
      }
    }
  }
});

/**
 * The examples gathered into pages: each joins the page before it while that page still reads it as it reads
 * alone (an example left open, such as a fence never closed, starts a page of its own).
 */
function pagesOf(examples: MarkdownExample[]): { names: string[]; markdown: string }[] {
  const pages: { names: string[]; markdown: string; outline: string[] }[] = [];
  for (const example of examples) {
    const markdown = example.markdown.replace(/\n+$/, "");
    const last = pages.at(-1);
    if (last) {
      const joined = `${last.markdown}\n\n${markdown}`;
      const together = outline(joined);
      if (together.join() === [...last.outline, ...outline(markdown, last.markdown.length + 2)].join()) {
        Object.assign(last, { markdown: joined, outline: together, names: [...last.names, example.name] });
        continue;
      }
    }
    pages.push({ names: [example.name], markdown, outline: outline(markdown) });
  }
  return pages;
}

test("every CommonMark and GFM example given to the editor comes back from it byte for byte", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const page = await signedInPage(browser, baseURL!, "editor");
  await open(page, "/en/manage/editor");
  await editorReady(page);
  const source = page.getByTestId("source-editor");
  const changed: { names: string[]; markdown: string; back: string }[] = [];
  const pages = pagesOf([...commonMarkExamples(), ...gfmExamples]);
  for (const { names, markdown } of pages) {
    // Into the source view, then the rich editor reads it; back in the source view, the editor writes it.
    await page.getByTestId("mode-source").click();
    await source.fill(markdown);
    await page.getByTestId("mode-write").click();
    await page.getByTestId("mode-source").click();
    const back = await source.inputValue();
    if (back !== markdown) changed.push({ names, markdown, back });
  }
  expect(changed).toEqual([]);
  console.log(`${pages.length} pages of examples came back byte for byte`);
  await page.context().close();
});
