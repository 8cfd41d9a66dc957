/**
 * The editor's Persian behaviour as a Tiptap extension:
 *
 * - every block shows in its own direction (`dir` decorations, recomputed on change), decided by the rule the site's
 *   renderer uses (~/lib/text-direction): a text block from its letters weighed toward the page's language (inline
 *   code not counted), code blocks always left to right, lists and quotes as their first text block with letters
 *   reads, tables as all their text reads; a block without letters takes the direction of what holds it;
 * - `setBlockDirection` overrides one block with a direction mark at its start (see ./direction.ts);
 * - ZWNJ is typed with Shift+Space or Ctrl+Shift+2.
 */
import { Extension } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import { textDirection } from "~/lib/text-direction";
import { blockDirection, directionOverride, LRM, RLM, type Dir } from "./direction";
import { isZwnjShortcut, ZWNJ } from "./zwnj";

const CONTAINERS = new Set(["blockquote", "bulletList", "orderedList", "taskList", "listItem", "taskItem", "table"]);

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    blockDirection: {
      /** Starts the block at the selection with a direction mark (or removes it: null). */
      setBlockDirection: (dir: Dir | null) => ReturnType;
    };
  }
}

/** A text block's runs: its text, inline code marked (code is not read for the direction). */
function runsOf(node: ProseMirrorNode): { text: string; code: boolean }[] {
  const runs: { text: string; code: boolean }[] = [];
  node.forEach((child) => {
    if (child.isText) runs.push({ text: child.text ?? "", code: child.marks.some((m) => m.type.spec.code) });
  });
  return runs;
}

/**
 * A container's own direction, or null without letters: a table reads as all its text does (its columns run one
 * way for every row), a list or quote as its first text block with letters.
 */
function containerDir(node: ProseMirrorNode, pageDir: Dir): Dir | null {
  if (node.type.name === "table") {
    const runs: { text: string; code: boolean }[] = [];
    node.descendants((child) => {
      if (child.isTextblock && !child.type.spec.code) runs.push(...runsOf(child), { text: " ", code: false });
      return !child.isTextblock;
    });
    return textDirection(runs, pageDir);
  }
  let found: Dir | null = null;
  node.descendants((child) => {
    if (found) return false;
    if (child.isTextblock) {
      if (!child.type.spec.code) found = textDirection(runsOf(child), pageDir);
      return false;
    }
    if (CONTAINERS.has(child.type.name)) {
      found = containerDir(child, pageDir);
      return false;
    }
    return true;
  });
  return found;
}

/** Every block's direction: code left to right; a block without letters takes what holds it (see ~/lib). */
function decorations(doc: ProseMirrorNode, pageDir: Dir): DecorationSet {
  const list: Decoration[] = [];
  const visit = (parent: ProseMirrorNode, start: number, inherited: Dir) => {
    parent.forEach((node, offset) => {
      const pos = start + offset;
      if (node.isTextblock) {
        const dir = node.type.spec.code ? "ltr" : blockDirection(runsOf(node), pageDir, inherited);
        list.push(Decoration.node(pos, pos + node.nodeSize, { dir }));
        return;
      }
      let dir = inherited;
      if (CONTAINERS.has(node.type.name)) {
        dir = containerDir(node, pageDir) ?? inherited;
        list.push(Decoration.node(pos, pos + node.nodeSize, { dir }));
      }
      if (!node.isLeaf) visit(node, pos + 1, dir);
    });
  };
  visit(doc, 0, pageDir);
  return DecorationSet.create(doc, list);
}

export interface BlockDirectionOptions {
  /** The page's direction: letters are weighed toward it, and blocks without letters (empty ones) take it. */
  pageDir: Dir;
}

const key = new PluginKey<DecorationSet>("blockDirection");

export const BlockDirection = Extension.create<BlockDirectionOptions>({
  name: "blockDirection",
  addOptions: () => ({ pageDir: "rtl" }),

  addProseMirrorPlugins() {
    const pageDir = this.options.pageDir;
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => decorations(state.doc, pageDir),
          apply: (tr, old) => (tr.docChanged ? decorations(tr.doc, pageDir) : old),
        },
        props: {
          decorations: (state) => key.getState(state),
          handleKeyDown: (view, event) => {
            if (!isZwnjShortcut(event)) return false;
            event.preventDefault();
            view.dispatch(view.state.tr.insertText(ZWNJ).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },

  addCommands() {
    return {
      setBlockDirection:
        (dir) =>
        ({ state, tr, dispatch }) => {
          const { $from } = state.selection;
          let depth = $from.depth;
          while (depth > 0 && !$from.node(depth).isTextblock) depth--;
          const block = $from.node(depth);
          if (!block.isTextblock || block.type.spec.code) return false;
          const start = $from.start(depth);
          if (dispatch) {
            if (directionOverride(block.textContent)) tr.delete(start, start + 1);
            if (dir) tr.insertText(dir === "rtl" ? RLM : LRM, start);
          }
          return true;
        },
    };
  },
});

/** The override of the block at the selection, for the toolbar's state. */
export function selectedOverride(doc: ProseMirrorNode, from: number): Dir | null {
  const $from = doc.resolve(from);
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.isTextblock) return directionOverride(node.textContent);
  }
  return null;
}
