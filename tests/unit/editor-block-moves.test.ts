/**
 * Moving a page's top-level blocks keeps each block's markdown as written (decision 025): on every bundled page,
 * each block moved down one place and back, or to the end and back, gives the page's bytes again; moved and left
 * there, every block's own markdown is in the page unchanged and the page reads as the same blocks in the new order.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getSchema, type JSONContent } from "@tiptap/core";
import { EditorState, TextSelection } from "@tiptap/pm/state";
import { describe, expect, test } from "vitest";
import { editableFile } from "~/builds/content-file";
import { moveBlock } from "~/editor/block-moves";
import type { BlockSource } from "~/editor/markdown/document";
import { contentExtensions } from "~/editor/markdown/extensions";
import { docToMarkdown, markdownToDoc } from "~/editor/markdown/manager";

const schema = getSchema(contentExtensions());

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? pages(full) : entry.name.endsWith(".md") ? [full] : [];
  });
}

const bundled = pages(path.join(process.cwd(), "content")).map((file) => ({
  name: path.relative(process.cwd(), file),
  markdown: editableFile(readFileSync(file, "utf8")).markdown,
}));

function stateOf(markdown: string): EditorState {
  return EditorState.create({ doc: schema.nodeFromJSON(markdownToDoc(markdown)) });
}

function moved(state: EditorState, from: number, to: number): EditorState {
  const tr = moveBlock(state, from, to);
  expect(tr, `move ${from} → ${to}`).not.toBeNull();
  return state.apply(tr!);
}

const markdownOf = (state: EditorState) => docToMarkdown(state.doc.toJSON() as JSONContent);

describe.each(bundled.filter((page) => stateOf(page.markdown).doc.childCount > 1))("$name", ({ markdown }) => {
  test("each block moved down one place and back, or to the end and back, gives the same bytes", () => {
    const state = stateOf(markdown);
    const count = state.doc.childCount;
    for (let index = 0; index < count - 1; index++) {
      expect(markdownOf(moved(moved(state, index, index + 1), index + 1, index))).toBe(markdown);
      expect(markdownOf(moved(moved(state, index, count - 1), count - 1, index))).toBe(markdown);
    }
  });

  test("a block moved and left there keeps its markdown, and the page reads as the blocks in their new order", () => {
    const state = stateOf(markdown);
    const last = state.doc.childCount - 1;
    const after = moved(state, 0, last);
    const written = markdownOf(after);
    const sources: string[] = [];
    after.doc.forEach((node) => void sources.push((node.attrs.source as BlockSource).markdown));
    let at = 0;
    for (const source of sources) {
      const found = written.indexOf(source, at);
      expect(found, source.slice(0, 40)).toBeGreaterThanOrEqual(at);
      at = found + source.length;
    }
    const reread = stateOf(written).doc;
    expect(reread.childCount).toBe(after.doc.childCount);
    after.doc.forEach((node, _offset, index) => expect(reread.child(index).textContent).toBe(node.textContent));
  });
});

test("the caret moves with its block, and nothing moves past either end", () => {
  const state = stateOf("First\n\nSecond\n\nThird\n");
  const inSecond = state.apply(state.tr.setSelection(TextSelection.create(state.doc, 10)));
  const up = moved(inSecond, 1, 0);
  expect(up.doc.child(0).textContent).toBe("Second");
  expect(up.selection.$from.parent.textContent).toBe("Second");
  expect(up.selection.$from.parentOffset).toBe(inSecond.selection.$from.parentOffset);
  expect(moveBlock(up, 0, -1)).toBeNull();
  expect(moveBlock(up, 2, 3)).toBeNull();
  expect(markdownOf(up)).toBe("Second\n\nFirst\n\nThird\n");
});
