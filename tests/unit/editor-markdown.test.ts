import { readFile } from "node:fs/promises";
import type { JSONContent } from "@tiptap/core";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { bundledContentDir, readContentDirectory } from "~/content/import.server";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { parseContentFile } from "~/content/front-matter";
import { composeContentFile, editableFile } from "~/builds/content-file";
import { docToMarkdown, markdownToDoc } from "~/editor/markdown/manager";
import { isSafeImageAddress } from "~/editor/markdown/safe-image";

const ZWNJ = "\u200C";

/** Load → the editor's document → save unchanged: what the editor writes for a file nobody changed. */
function roundTrip(source: string): string {
  const { frontMatter, markdown } = editableFile(source);
  return composeContentFile(source, frontMatter, docToMarkdown(markdownToDoc(markdown)));
}

async function bundledSources(): Promise<{ name: string; source: string }[]> {
  const files = await readContentDirectory();
  return Promise.all(
    files.map(async (file) => {
      const relative = file.path === "/" ? "index.md" : `${file.path.slice(1)}.md`;
      const direct = path.join(bundledContentDir, file.locale, relative);
      const source = await readFile(direct, "utf8").catch(() => readFile(direct.replace(/\.md$/, "/index.md"), "utf8"));
      return { name: `${file.locale}${file.path}`, source };
    }),
  );
}

beforeAll(async () => {
  await getHighlighter();
});

describe("the editor's markdown round trip", () => {
  test("every bundled page comes back byte for byte", async () => {
    const sources = await bundledSources();
    expect(sources.length).toBe(40);
    const changed = sources.filter(({ source }) => roundTrip(source) !== source).map(({ name }) => name);
    expect(changed).toEqual([]);
  });

  const kitchenSink = [
    "# عنوان با نیم‌فاصله",
    "",
    'پاراگرافی با **پررنگ**، *کج*، ~~خط‌خورده~~، `کد`، [پیوند](https://example.com "عنوان") و React Router 8.',
    "",
    "ارقام فارسی ۱۲۳۴ و عربی ٤٥٦ و لاتین 789 همان‌طور که تایپ شده‌اند.",
    "",
    "1. اول",
    "2. دوم",
    "   - تو در تو",
    "",
    "- [ ] کار مانده",
    "- [x] کار انجام‌شده",
    "",
    "> نقل‌قول\\",
    "> خط دوم",
    "",
    "```ts",
    "const x = 1; // code",
    "```",
    "",
    "| ستون | Column |",
    "| :--- | ---: |",
    "| یک | 1 |",
    "",
    "![تصویر](/images/content/bisect.svg)",
    "",
    "***",
    "",
    "English paragraph with a Persian word: کتاب‌ها.",
  ].join("\n");

  test("every construct the toolbar makes survives, and the page renders the same", async () => {
    const out = docToMarkdown(markdownToDoc(kitchenSink));
    const [before, after] = await Promise.all([
      renderMarkdown(kitchenSink, { locale: "fa" }),
      renderMarkdown(out, { locale: "fa" }),
    ]);
    expect(after.html).toBe(before.html);
    expect(out).toContain(`نیم${ZWNJ}فاصله`);
    expect(out).toContain("۱۲۳۴");
    expect(out).toContain("٤٥٦");
    expect(out).toContain("- [x] کار انجام‌شده");
    expect(out).toContain("| :--- | ---: |");
    expect(out).toContain("```ts\nconst x = 1; // code\n```");
  });

  test("ZWNJ is kept in text, headings, links and table cells", () => {
    const md = `## می${ZWNJ}خواهم\n\n[کتاب${ZWNJ}ها](/books)\n\n| نیم${ZWNJ}فاصله |\n| --- |\n| خانه${ZWNJ}ها |`;
    const out = docToMarkdown(markdownToDoc(md));
    expect(out.split(ZWNJ).length - 1).toBe(4);
    expect(out).toBe(md);
  });

  test("HTML is kept as its source text, byte for byte, and never becomes editor nodes", () => {
    const md = [
      '<details open ontoggle="alert(1)">',
      "<summary>بیشتر</summary>",
      "",
      "متن **پنهان**",
      "",
      "</details>",
      "",
      '<img src="x" onerror="window.__xss=1">',
      "",
      'A <kbd>Ctrl</kbd>+<kbd>K</kbd> and <a href="javascript:window.__xss=1">raw link</a> in text, <br> too.',
      "",
      "<!-- a comment -->",
    ].join("\n");
    const doc = markdownToDoc(md);
    expect(docToMarkdown(doc)).toBe(md);
    const types = new Set<string>();
    const walk = (node: JSONContent) => {
      types.add(node.type ?? "");
      node.content?.forEach(walk);
    };
    walk(doc);
    expect(types.has("image")).toBe(false);
    expect(types.has("rawHtmlBlock")).toBe(true);
    expect(types.has("rawHtmlInline")).toBe(true);
    const inline = doc.content?.find((node) => node.content?.[0]?.text === "A ")?.content ?? [];
    expect(inline.filter((node) => node.type === "rawHtmlInline").map((node) => node.attrs?.html)).toEqual([
      "<kbd>Ctrl</kbd>",
      "<kbd>K</kbd>",
      '<a href="javascript:window.__xss=1">raw link</a>',
      "<br>",
    ]);
  });

  test("an image keeps any address in the file, but the editor shows only safe ones", () => {
    const md = "![x](javascript:window.__xss=1)\n\n![y](/images/content/bisect.svg)";
    expect(docToMarkdown(markdownToDoc(md))).toBe(md);
    for (const safe of ["/images/a.png", "a.png", "https://example.com/a.png", "data:image/png;base64,AA", "blob:x"]) {
      expect(isSafeImageAddress(safe), safe).toBe(true);
    }
    for (const unsafe of [
      "javascript:alert(1)",
      " JaVa\tScRiPt:alert(1)",
      "vbscript:x",
      "data:text/html,x",
      "",
      null,
    ]) {
      expect(isSafeImageAddress(unsafe), String(unsafe)).toBe(false);
    }
  });

  test("a title edit rewrites the title line and nothing else", () => {
    const source = [
      "---",
      'title: "قدیمی"',
      "# a comment the site does not read",
      "date: 2026-01-02",
      "tags: [react, typescript]",
      "custom: kept",
      "toc: true",
      "---",
      "",
      "متن",
      "",
    ].join("\n");
    const { frontMatter, markdown } = editableFile(source);
    const edited = composeContentFile(source, { ...frontMatter, title: "تازه: با دو نقطه" }, markdown);
    expect(edited).toBe(source.replace('title: "قدیمی"', 'title: "تازه: با دو نقطه"'));
  });

  test("fields added, cleared and switched off keep the file's order and style", () => {
    const source = '---\ntitle: "T"\ndate: 2026-01-02\ntags: [a]\ncomments: true\n---\n\nBody\n';
    const { frontMatter, markdown } = editableFile(source);
    const edited = composeContentFile(
      source,
      { ...frontMatter, description: "D", tags: ["a", "ب"], date: undefined, comments: false, category: "notes" },
      markdown,
    );
    expect(edited).toBe(
      '---\ntitle: "T"\ndescription: "D"\ncategory: notes\ntags: [a, ب]\ncomments: false\n---\n\nBody\n',
    );
    expect(parseContentFile(edited).frontMatter).toMatchObject({
      description: "D",
      category: "notes",
      comments: false,
    });
  });

  test("search and social words are written only when set, and a file without them stays as written", () => {
    const source = '---\ntitle: "T"\ndate: 2026-01-02\ntoc: true\n---\n\nBody\n';
    const { frontMatter, markdown } = editableFile(source);
    expect(frontMatter.seoTitle).toBeUndefined();
    expect(composeContentFile(source, { ...frontMatter, seoTitle: undefined, seoDescription: "" }, markdown)).toBe(
      source,
    );
    const edited = composeContentFile(
      source,
      { ...frontMatter, seoTitle: "Search: a title", seoDescription: "For results" },
      markdown,
    );
    expect(edited).toBe(
      '---\ntitle: "T"\ndate: 2026-01-02\ntoc: true\nseoTitle: "Search: a title"\nseoDescription: "For results"\n---\n\nBody\n',
    );
    expect(parseContentFile(edited).frontMatter).toMatchObject({
      seoTitle: "Search: a title",
      seoDescription: "For results",
    });
    const cleared = editableFile(edited);
    expect(
      composeContentFile(edited, { ...cleared.frontMatter, seoTitle: undefined, seoDescription: undefined }, markdown),
    ).toBe(source);
  });

  test("a new page is written in the bundled content's style", () => {
    const text = composeContentFile(
      null,
      { title: "نوشته‌ی تازه", date: "2026-11-25", category: "notes", tags: ["یادداشت", "Git"] },
      "سلام",
    );
    expect(text).toBe(
      [
        "---",
        'title: "نوشته‌ی تازه"',
        "date: 2026-11-25",
        "category: notes",
        "tags:",
        "  - یادداشت",
        "  - Git",
        "toc: false",
        "comments: false",
        "draft: false",
        "intro: false",
        "---",
        "",
        "سلام",
        "",
      ].join("\n"),
    );
  });

  test("invalid front matter is refused, naming the field", () => {
    expect(() => composeContentFile(null, { title: "" }, "x")).toThrow(/title/);
    expect(() => composeContentFile(null, { title: "t", date: "2026-02-30" }, "x")).toThrow(/date/);
  });
});

describe("an edited block", () => {
  /** The document with `edit` applied to its top-level block `index`, written back. */
  function editBlock(markdown: string, index: number, edit: (block: JSONContent) => JSONContent): string {
    const doc = markdownToDoc(markdown);
    return docToMarkdown({ ...doc, content: doc.content!.map((block, i) => (i === index ? edit(block) : block)) });
  }

  /** `node` with `text` typed at the end of its last text block. */
  function append(node: JSONContent, text: string): JSONContent {
    const content = [...(node.content ?? [])];
    const last = content.findLastIndex((child) => child.type !== "text" && JSON.stringify(child).includes('"text"'));
    if (last < 0) return { ...node, content: [...content, { type: "text", text }] };
    content[last] = append(content[last]!, text);
    return { ...node, content };
  }

  test("is written with the writer's spelling, and no other block changes", () => {
    const md = [
      "Heading\n=======",
      "_emphasis_ and __strong__ with a break  \nafter two spaces.",
      "* one\n* two",
      "1) first\n2) second",
      "~~~~ts\nconst a = 1;\n~~~~",
      "* * *",
      "Untouched   *spacing*   kept.",
    ].join("\n\n");
    const blocks = md.split("\n\n");
    for (let i = 0; i < blocks.length - 1; i++) {
      const written = editBlock(md, i, (block) => append(block, " ادامه"));
      const expected = blocks.map((block, j) => (j === i ? null : block));
      const parts = written.split("\n\n");
      expect(
        parts.filter((_, j) => j !== i),
        `block ${i}`,
      ).toEqual(expected.filter((_, j) => j !== i));
      if (i === 0) expect(parts[0]).toBe("Heading ادامه\n=============");
      if (i === 1) expect(parts[1]).toBe("_emphasis_ and __strong__ with a break  \nafter two spaces. ادامه");
      if (i === 2) expect(parts[2]).toBe("* one\n* two ادامه");
      if (i === 3) expect(parts[3]).toBe("1) first\n2) second ادامه");
      if (i === 4) expect(parts[4]).toBe("~~~~ts\nconst a = 1; ادامه\n~~~~");
    }
  });

  test("keeps ZWNJ, direction marks and Persian and Arabic letters", () => {
    const md = `\u200Fمی${ZWNJ}خواهم ي ك ی ک ۱۲۳ ٤٥٦ *کج*\n\nبعدی`;
    const written = editBlock(md, 0, (block) => append(block, ` و نیم${ZWNJ}فاصله`));
    expect(written).toBe(`\u200Fمی${ZWNJ}خواهم ي ك ی ک ۱۲۳ ٤٥٦ *کج* و نیم${ZWNJ}فاصله\n\nبعدی`);
  });

  test("is escaped where markdown needs it, and reads as the editor showed it", () => {
    const written = editBlock("para", 0, (block) => ({
      ...block,
      content: [{ type: "text", text: "# 1. *a* [b](c) <d> `e` 2024. \\ &copy; | ~f~" }],
    }));
    const doc = markdownToDoc(written);
    expect(doc.content).toHaveLength(1);
    expect(doc.content![0]!.type).toBe("paragraph");
    expect(doc.content![0]!.content).toEqual([{ type: "text", text: "# 1. *a* [b](c) <d> `e` 2024. \\ &copy; | ~f~" }]);
  });

  test("a definition removed: the links that used it are written with their address, the others as they were", () => {
    const md = "[one][a], [two][b] and [three].\n\n[a]: /first\n[b]: /second 'title'\n\n[three]: /third";
    const doc = markdownToDoc(md);
    const withoutA = { ...doc, content: doc.content!.filter((_, i) => i !== 1) };
    const written = docToMarkdown(withoutA);
    expect(written).toBe("[one](/first), [two][b] and [three].\n\n[b]: /second 'title'\n\n[three]: /third");
    // While the definitions stay, the paragraph is kept as written even when it is edited elsewhere.
    expect(docToMarkdown(doc)).toBe(md);
  });

  test("a footnote's note removed: its mark stays as written", () => {
    const md = "Text[^1] here.\n\n[^1]: The note.";
    const doc = markdownToDoc(md);
    expect(doc.content![0]!.content!.map((node) => node.type)).toEqual(["text", "markdownInline", "text"]);
    expect(doc.content![1]!.type).toBe("markdownBlock");
    expect(docToMarkdown({ ...doc, content: [doc.content![0]!] })).toBe("Text[^1] here.");
  });

  test("a code fence left open at the end is closed after its text when a paragraph is added", () => {
    const md = "Intro\n\n```js\nlet a;";
    const doc = markdownToDoc(md);
    const written = docToMarkdown({
      ...doc,
      content: [...doc.content!, { type: "paragraph", content: [{ type: "text", text: "After" }] }],
    });
    expect(written).toBe("Intro\n\n```js\nlet a;\n```\n\nAfter");
  });

  test("two lists that would become one are parted by an empty comment, each kept as written", () => {
    const md = "- a\n- b\n\nBetween\n\n- c";
    const doc = markdownToDoc(md);
    const written = docToMarkdown({ ...doc, content: doc.content!.filter((_, i) => i !== 1) });
    expect(written).toBe("- a\n- b\n\n<!---->\n\n- c");
    expect(markdownToDoc(written).content!.map((block) => block.type)).toEqual([
      "bulletList",
      "rawHtmlBlock",
      "bulletList",
    ]);
  });

  test("a loose list stays loose, a tight one tight, a task in a mixed list keeps its box", () => {
    const md = "- a\n\n- b\n\n1. x\n2. y\n\n- [ ] task\n- plain";
    const doc = markdownToDoc(md);
    const fresh = {
      ...doc,
      content: doc.content!.map((block) => ({ ...block, attrs: { ...block.attrs, source: null } })),
    };
    expect(docToMarkdown(fresh)).toBe(md);
  });
});

describe("the editor reads markdown as the site does", () => {
  test("its syntax tree is the site renderer's, for every CommonMark example", async () => {
    const { getProcessor } = await import("~/content/markdown/pipeline.server");
    const { readTree } = await import("~/editor/markdown/syntax");
    const { commonMarkExamples } = await import("../helpers/markdown-examples");
    const site = await getProcessor("fa");
    const differ = commonMarkExamples().filter(
      (example) => JSON.stringify(readTree(example.markdown)) !== JSON.stringify(site.parse(example.markdown)),
    );
    expect(differ.map((example) => example.name)).toEqual([]);
  });
});
