/**
 * The editor made from the document the server read (`renderForEditor`, in the rendering threads) is the editor
 * the browser's reader makes. On every CommonMark and GFM example and every bundled page: the server's document,
 * sent as JSON and taken by the editor's schema, is the browser's (but for the names of their readings); saved
 * untouched it gives back the text byte for byte; with a paragraph added it is written as the browser's is.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { getSchema, type JSONContent } from "@tiptap/core";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { editableFile } from "~/builds/content-file";
import { bundledContentDir, readContentDirectory } from "~/content/import.server";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderForEditor } from "~/content/markdown/render-markdown.server";
import { withBlockContents } from "~/editor/markdown/block-content";
import type { BlockSource } from "~/editor/markdown/document";
import { contentExtensions } from "~/editor/markdown/extensions";
import { docToMarkdown, markdownToDoc } from "~/editor/markdown/manager";
import { commonMarkExamples, gfmExamples } from "../helpers/markdown-examples";

const schema = getSchema(contentExtensions());

/** The server's document as the browser's editor holds it: through the page's data (JSON), then the schema. */
async function serverDocument(markdown: string): Promise<JSONContent> {
  const { editorDocument } = await renderForEditor(markdown, { locale: "fa" });
  const sent = JSON.parse(JSON.stringify(editorDocument)) as JSONContent;
  // Sent without each block's content as read, which the browser puts back before making the editor.
  for (const block of sent.content ?? []) expect((block.attrs?.source as BlockSource | null)?.content).toBeUndefined();
  return schema.nodeFromJSON(withBlockContents(sent)).toJSON() as JSONContent;
}

/** The document with each block's reading named alike (two readers name their readings apart). */
function unnamed(doc: JSONContent): JSONContent {
  return {
    ...doc,
    content: doc.content!.map((block) => {
      const source = block.attrs?.source as BlockSource | undefined;
      return source ? { ...block, attrs: { ...block.attrs, source: { ...source, read: "" } } } : block;
    }),
  };
}

const addParagraph = (doc: JSONContent): JSONContent => ({
  ...doc,
  content: [...doc.content!, { type: "paragraph", content: [{ type: "text", text: "افزوده *نو* added" }] }],
});

async function bundledBodies(): Promise<{ name: string; markdown: string }[]> {
  const files = await readContentDirectory();
  return Promise.all(
    files.map(async (file) => {
      const relative = file.path === "/" ? "index.md" : `${file.path.slice(1)}.md`;
      const direct = path.join(bundledContentDir, file.locale, relative);
      const source = await readFile(direct, "utf8").catch(() => readFile(direct.replace(/\.md$/, "/index.md"), "utf8"));
      return { name: `${file.locale}${file.path}`, markdown: editableFile(source).markdown };
    }),
  );
}

beforeAll(async () => {
  await getHighlighter();
});

describe("the editor's document read on the server", () => {
  const texts = async () => [
    ...commonMarkExamples().map((example) => ({ name: example.name, markdown: example.markdown })),
    ...gfmExamples.map((example) => ({ name: example.name, markdown: example.markdown })),
    ...(await bundledBodies()),
    { name: "empty", markdown: "" },
    { name: "white space", markdown: "\n  \n" },
  ];

  test("is the browser's, and is saved as the text, byte for byte, untouched or with a paragraph added", async () => {
    const all = await texts();
    expect(all.length).toBeGreaterThan(600);
    const differing: string[] = [];
    for (const { name, markdown } of all) {
      const server = await serverDocument(markdown);
      const browser = markdownToDoc(markdown);
      const same =
        JSON.stringify(unnamed(server)) === JSON.stringify(unnamed(browser)) &&
        docToMarkdown(server) === markdown &&
        docToMarkdown(addParagraph(server)) === docToMarkdown(addParagraph(browser));
      if (!same) differing.push(name);
    }
    expect(differing).toEqual([]);
  }, 300_000);
});

describe("a reading's name", () => {
  test("differs between two readers (a server's thread and the browser), so their blocks are never neighbours", async () => {
    const first = markdownToDoc("one\n\ntwo\n");
    vi.resetModules();
    const other = await import("~/editor/markdown/manager");
    const second = other.markdownToDoc("one\n\ntwo\n");
    const nameOf = (doc: JSONContent) => (doc.content![0]!.attrs!.source as BlockSource).read;
    expect(nameOf(first)).not.toBe(nameOf(second));
    // The first block of one reading before the second block of the other: not taken as neighbours, so each
    // keeps its own text and they are parted by a blank line.
    const mixed = { type: "doc", content: [first.content![0]!, second.content![1]!] };
    expect(docToMarkdown(mixed)).toBe("one\n\ntwo\n");
  });
});
