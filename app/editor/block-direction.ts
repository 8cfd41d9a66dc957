/**
 * The editor's Persian behaviour as a Tiptap extension:
 *
 * - every block shows in its own direction (`dir` decorations, recomputed on change): a text block from its first
 *   strong character (inline code not counted), code blocks always left to right, and containers (lists, quotes,
 *   tables) as their first text block reads, so a Persian list's markers sit on the right;
 * - `setBlockDirection` overrides one block with a direction mark at its start (see ./direction.ts);
 * - ZWNJ is typed with Shift+Space or Ctrl+Shift+2.
 */
import { Extension } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
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

/** The direction of a text block. */
function textblockDir(node: ProseMirrorNode, fallback: Dir): Dir {
  if (node.type.spec.code) return "ltr";
  const runs: { text: string; code: boolean }[] = [];
  node.forEach((child) => {
    if (child.isText) runs.push({ text: child.text ?? "", code: child.marks.some((m) => m.type.spec.code) });
  });
  return blockDirection(runs, fallback);
}

/** A container reads as its first text block with a direction of its own (code blocks do not count). */
function containerDir(node: ProseMirrorNode, fallback: Dir): Dir {
  let found: Dir | null = null;
  node.descendants((child) => {
    if (found) return false;
    if (child.isTextblock && !child.type.spec.code) {
      const dir = textblockDir(child, "ltr");
      const strong = textblockDir(child, "rtl") === dir; // the same whatever the fallback: it has letters
      if (strong) found = dir;
      return false;
    }
    return true;
  });
  return found ?? fallback;
}

function decorations(doc: ProseMirrorNode, fallback: Dir): DecorationSet {
  const list: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) {
      list.push(Decoration.node(pos, pos + node.nodeSize, { dir: textblockDir(node, fallback) }));
      return false;
    }
    if (CONTAINERS.has(node.type.name)) {
      list.push(Decoration.node(pos, pos + node.nodeSize, { dir: containerDir(node, fallback) }));
    }
    return true;
  });
  return DecorationSet.create(doc, list);
}

export interface BlockDirectionOptions {
  /** The page's direction: blocks without letters (empty ones) take it. */
  pageDir: Dir;
}

const key = new PluginKey<DecorationSet>("blockDirection");

export const BlockDirection = Extension.create<BlockDirectionOptions>({
  name: "blockDirection",
  addOptions: () => ({ pageDir: "rtl" }),

  addProseMirrorPlugins() {
    const fallback = this.options.pageDir;
    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: (_, state) => decorations(state.doc, fallback),
          apply: (tr, old) => (tr.docChanged ? decorations(tr.doc, fallback) : old),
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
