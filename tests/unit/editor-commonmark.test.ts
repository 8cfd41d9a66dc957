/**
 * The editor changes nothing a writer did not edit, on the whole CommonMark specification and on GitHub-flavoured
 * constructs with Persian text. Each example, put in a page:
 *
 * (a) opened and saved is the same file byte for byte;
 * (b) with a paragraph added at the end keeps every byte before it, reads as the same blocks plus the paragraph,
 *     and renders as before plus the paragraph;
 * (c) with every block written anew (as an edited block is) reads back as the document the editor showed;
 * (d) with one block edited (text added to it) or removed, keeps every other block's bytes and reads back as the
 *     document the editor showed.
 */
import type { JSONContent } from "@tiptap/core";
import { fromHtml } from "hast-util-from-html";
import { toString as hastText } from "hast-util-to-string";
import type { Nodes, RootContent } from "mdast";
import { beforeAll, describe, expect, test } from "vitest";
import { parseContentFile } from "~/content/front-matter";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { composeContentFile, editableFile } from "~/builds/content-file";
import type { BlockSource } from "~/editor/markdown/document";
import { docToMarkdown, markdownToDoc } from "~/editor/markdown/manager";
import { readTree } from "~/editor/markdown/syntax";
import { commonMarkExamples, gfmExamples, type MarkdownExample } from "../helpers/markdown-examples";

const ADDED = "A paragraph added at the end: *stars*, _lines_, [brackets], `ticks`, 1. and # with نیم\u200Cفاصله.";

function pageOf(example: MarkdownExample): string {
  return `---\ntitle: "${example.name}"\n---\n\n${example.markdown}`;
}

/** The page opened in the editor and saved, with `edit` applied to the document first. */
function save(file: string, edit: (doc: JSONContent) => JSONContent = (doc) => doc): string {
  const { frontMatter, markdown } = editableFile(file);
  return composeContentFile(file, frontMatter, docToMarkdown(edit(markdownToDoc(markdown))));
}

const addParagraph = (doc: JSONContent): JSONContent => ({
  ...doc,
  content: [...(doc.content ?? []), { type: "paragraph", content: [{ type: "text", text: ADDED }] }],
});

const bodyOf = (file: string) => parseContentFile(file).body;

async function render(markdown: string): Promise<string> {
  return (await renderMarkdown(markdown, { locale: "en" })).html;
}

const visible = (html: string) =>
  hastText(fromHtml(html, { fragment: true }))
    .replace(/\s+/g, " ")
    .trim();

/** The tree without positions, for comparing what two texts read as. */
function shape(node: Nodes | RootContent[]): unknown {
  if (Array.isArray(node)) return node.map(shape);
  const { position: _position, ...rest } = node as Nodes & { children?: RootContent[] };
  return "children" in rest && rest.children ? { ...rest, children: shape(rest.children) } : rest;
}

/** What an HTML block left open at the end of a page is closed with when a block is added after it. */
const HTML_CLOSER = /\n(?:-->|\?>|>|\]\]>|<\/(?:script|pre|style|textarea)>)$/i;

function sameBlocks(before: RootContent[], after: RootContent[]): boolean {
  return (
    before.length === after.length &&
    before.every((node, i) => {
      const other = after[i]!;
      if (node.type === "html" && other.type === "html") {
        return other.value === node.value || other.value.replace(HTML_CLOSER, "") === node.value;
      }
      return JSON.stringify(shape(node)) === JSON.stringify(shape(other));
    })
  );
}

type Outcome = "identical" | "same rendering" | "different rendering" | "different text";

interface Report {
  counts: Record<Outcome, number>;
  failed: { name: string; outcome: Outcome; saved: string }[];
}

async function classify(
  examples: MarkdownExample[],
  run: (file: string) => Promise<{ outcome: Outcome; saved: string }>,
): Promise<Report> {
  const report: Report = {
    counts: { identical: 0, "same rendering": 0, "different rendering": 0, "different text": 0 },
    failed: [],
  };
  for (const example of examples) {
    const { outcome, saved } = await run(pageOf(example));
    report.counts[outcome]++;
    if (outcome !== "identical") report.failed.push({ name: example.name, outcome, saved });
  }
  return report;
}

async function difference(expected: string, actual: string, saved: string) {
  if (expected === actual) return { outcome: "same rendering" as const, saved };
  const outcome = visible(expected) === visible(actual) ? "different rendering" : "different text";
  return { outcome: outcome as Outcome, saved };
}

/** (a) Opened and saved without an edit. */
async function openedAndSaved(file: string) {
  const saved = save(file);
  if (saved === file) return { outcome: "identical" as const, saved };
  return difference(await render(bodyOf(file)), await render(bodyOf(saved)), saved);
}

/** The page's HTML with `paragraph`'s added after its text (before the footnotes, which close a page). */
function withParagraph(page: string, paragraph: string): string {
  const notes = page.indexOf("<section data-footnotes");
  if (notes >= 0) return `${page.slice(0, notes)}${paragraph}\n${page.slice(notes)}`;
  return page ? `${page}\n${paragraph}` : paragraph;
}

/**
 * (b) A paragraph added at the end. A page holding raw HTML is compared by what the site reads (the same blocks
 * plus the paragraph), not by its HTML: an element its writer left open takes in what follows it on the page, as
 * HTML does wherever that element is.
 */
async function paragraphAdded(file: string) {
  const saved = save(file, addParagraph);
  // The blocks the editor was given (the body without its blank lines around), and the page saved.
  const [body, savedBody] = [editableFile(file).markdown, bodyOf(saved)];
  const written = savedBody.slice(savedBody.lastIndexOf("A paragraph added")).trimEnd();
  const kept = saved.startsWith(file.trimEnd());
  const blocks = [...readTree(body).children, ...readTree(written).children];
  const read = sameBlocks(blocks, readTree(savedBody).children);
  const holdsHtml = blocks.some((node) => JSON.stringify(shape(node)).includes('"type":"html"'));
  const [before, after, paragraph] = await Promise.all([render(body), render(savedBody), render(written)]);
  const expected = withParagraph(before, paragraph);
  if (kept && read && (holdsHtml || after === expected)) return { outcome: "identical" as const, saved };
  if (read && (holdsHtml || after === expected)) return { outcome: "same rendering" as const, saved };
  return difference(expected, after, saved);
}

/** Spelling attributes: how a construct was written, not what it is. */
const SPELLING = new Set(["source", "delimiter", "spelling", "setext", "fence", "marker", "reference"]);

function content(node: JSONContent): JSONContent {
  const attrs = Object.fromEntries(Object.entries(node.attrs ?? {}).filter(([name]) => !SPELLING.has(name)));
  return {
    ...node,
    attrs,
    ...(node.marks ? { marks: node.marks.map((mark) => content(mark as JSONContent)) } : {}),
    ...(node.content ? { content: node.content.map(content) } : {}),
  } as JSONContent;
}

/** (c) Every block written anew: the markdown written reads back as the document the editor showed. */
function writtenAnew(markdown: string): { same: boolean; written: string } {
  const doc = markdownToDoc(markdown);
  const fresh = {
    ...doc,
    content: doc.content?.map((block) => ({ ...block, attrs: { ...block.attrs, source: null } })),
  };
  const written = docToMarkdown(fresh);
  const again = markdownToDoc(written);
  return { same: JSON.stringify(content(again)) === JSON.stringify(content(doc)), written };
}

/** `node` with " edited" added to its last text, or undefined when it holds none. */
function edited(node: JSONContent): JSONContent | undefined {
  if (node.type === "text") return { ...node, text: `${node.text} edited` };
  const content = node.content ?? [];
  for (let i = content.length - 1; i >= 0; i--) {
    const child = edited(content[i]!);
    if (child) return { ...node, content: content.map((c, j) => (j === i ? child : c)) };
  }
  return undefined;
}

interface Change {
  name: string;
  block: number;
  written: string;
}

/**
 * (d) Each top-level block in turn edited, then removed: the markdown up to the block before it and from the
 * block after it is unchanged (only the text between the changed block and its neighbours may gain a blank
 * line), and the page reads back as the document the editor showed.
 */
function oneBlockChanged(name: string, markdown: string): { changes: number; wrong: Change[] } {
  const doc = markdownToDoc(markdown);
  const blocks = doc.content ?? [];
  const sources = blocks.map((block) => block.attrs?.source as BlockSource | null);
  if (sources.some((source) => !source)) return { changes: 0, wrong: [] };
  // Where each block's markdown starts and ends in the page.
  const starts: number[] = [];
  let at = 0;
  for (const source of sources) {
    at += source!.before.length;
    starts.push(at);
    at += source!.markdown.length;
  }
  const wrong: Change[] = [];
  let changes = 0;
  blocks.forEach((block, i) => {
    // A definition or a footnote's note removed changes the blocks that use it (./document.ts): tested apart.
    const removable = block.type !== "markdownBlock";
    const candidates = [edited(block), removable ? null : undefined].filter((change) => change !== undefined);
    for (const change of candidates) {
      const content = change ? blocks.map((b, j) => (j === i ? change : b)) : blocks.filter((_, j) => j !== i);
      const next = { ...doc, content };
      const written = docToMarkdown(next);
      changes++;
      const head = i > 0 ? markdown.slice(0, starts[i - 1]! + sources[i - 1]!.markdown.length) : "";
      const tail = i + 1 < blocks.length ? markdown.slice(starts[i + 1]!) : "";
      const keeps = written.startsWith(head) && written.endsWith(tail);
      const reads = JSON.stringify(content_(markdownToDoc(written))) === JSON.stringify(content_(next));
      if (!keeps || !reads) wrong.push({ name: `${name} ${change ? "edited" : "removed"}`, block: i, written });
    }
  });
  return { changes, wrong };
}

/**
 * A document's content for comparing: without empty paragraphs (which write nothing), nor the empty comment that
 * parts two blocks that would otherwise run together (a list and the list or indented code after it).
 */
const content_ = (doc: JSONContent) => {
  const blocks = (doc.content ?? []).filter(
    (block) =>
      !(block.type === "paragraph" && !block.content?.length) &&
      !(block.type === "rawHtmlBlock" && block.attrs?.html === "<!---->"),
  );
  return content({ ...doc, content: blocks });
};

beforeAll(async () => {
  await getHighlighter();
});

const sets: [string, MarkdownExample[]][] = [
  ["the CommonMark specification", commonMarkExamples()],
  ["GFM constructs and Persian text", gfmExamples],
];

describe.each(sets)("every example of %s survives the editor", (name, examples) => {
  test("opened and saved: the same file byte for byte", async () => {
    const report = await classify(examples, openedAndSaved);
    console.log(`${name}, (a) opened and saved:`, JSON.stringify(report.counts));
    expect(report.failed).toEqual([]);
  }, 300_000);

  test("a paragraph added at the end: every byte before it kept, the page as before plus the paragraph", async () => {
    const report = await classify(examples, paragraphAdded);
    console.log(`${name}, (b) paragraph added:`, JSON.stringify(report.counts));
    expect(report.failed).toEqual([]);
  }, 300_000);

  test("every block written anew reads back as the editor showed it", () => {
    const differ = examples
      .map((example) => ({
        name: example.name,
        markdown: example.markdown,
        ...writtenAnew(editableFile(pageOf(example)).markdown),
      }))
      .filter((result) => !result.same);
    console.log(
      `${name}, (c) written anew: ${examples.length - differ.length} of ${examples.length} read back the same`,
    );
    expect(differ.map(({ name: n, markdown, written }) => ({ name: n, markdown, written }))).toEqual([]);
  });

  test("one block edited or removed: every other block byte for byte, the page as the editor showed it", () => {
    let changes = 0;
    const wrong: Change[] = [];
    for (const example of examples) {
      const result = oneBlockChanged(example.name, editableFile(pageOf(example)).markdown);
      changes += result.changes;
      wrong.push(...result.wrong);
    }
    console.log(`${name}, (d) one block changed: ${changes - wrong.length} of ${changes} changes keep the rest`);
    expect(wrong).toEqual([]);
  });
});
