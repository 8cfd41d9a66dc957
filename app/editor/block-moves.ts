/**
 * Moving the page's top-level blocks: Alt+Shift+↑ and Alt+Shift+↓ move the block holding the caret one place up or
 * down, and the drag handle (./ui/block-handle.tsx) moves a block to another place. The node itself is moved, with
 * its attributes: a block moved and left unedited keeps the markdown it was read from (decision 025).
 */
import { Extension } from "@tiptap/core";
import type { EditorState, Transaction } from "@tiptap/pm/state";
import { NodeSelection, Selection, TextSelection } from "@tiptap/pm/state";

/** Where the top-level block at `index` starts. */
function blockStart(state: EditorState, index: number): number {
  let pos = 0;
  for (let i = 0; i < index; i++) pos += state.doc.child(i).nodeSize;
  return pos;
}

/** The index of the top-level block holding the selection's start. */
function blockIndexAtSelection(state: EditorState): number {
  // Inside a block, or before a selected (or gap cursor's) top-level block: the index of that block.
  return state.selection.$from.index(0);
}

/**
 * Moves the top-level block at `from` so it stands at index `to` of the document as it will be (0 first); the
 * selection goes with it when it was inside. Null when there is nothing to move.
 */
export function moveBlock(state: EditorState, from: number, to: number): Transaction | null {
  const count = state.doc.childCount;
  if (from < 0 || from >= count || to < 0 || to >= count || from === to) return null;
  const node = state.doc.child(from);
  const start = blockStart(state, from);
  const end = start + node.nodeSize;
  const { selection } = state;
  const inside = selection.from >= start && selection.to <= end;
  const tr = state.tr.delete(start, end);
  let at = 0;
  for (let i = 0; i < to; i++) at += tr.doc.child(i).nodeSize;
  tr.insert(at, node);
  if (inside) {
    const shift = at - start;
    tr.setSelection(
      selection instanceof TextSelection
        ? TextSelection.create(tr.doc, selection.anchor + shift, selection.head + shift)
        : selection instanceof NodeSelection
          ? NodeSelection.create(tr.doc, selection.from + shift)
          : Selection.near(tr.doc.resolve(selection.from + shift)),
    );
  }
  return tr.scrollIntoView();
}

export const BlockMoves = Extension.create({
  name: "blockMoves",
  addKeyboardShortcuts() {
    const move = (by: -1 | 1) => () => {
      const { state, view } = this.editor;
      const from = blockIndexAtSelection(state);
      const tr = moveBlock(state, from, from + by);
      if (tr) view.dispatch(tr);
      // The keys are the move's even at the first or last place: nothing else takes them.
      return true;
    };
    return { "Alt-Shift-ArrowUp": move(-1), "Alt-Shift-ArrowDown": move(1) };
  },
});
