/**
 * Undo's history (ProseMirror's), loaded when the document first changes (./undo-on-use.ts). The changes made
 * before it arrived are taken back outside the history and made again inside it, so they are undone as the first
 * step, and the document and its selection end as they were.
 */
import { history, redo, undo } from "@tiptap/pm/history";
import { Selection, type EditorState, type Transaction } from "@tiptap/pm/state";
import type { Transform } from "@tiptap/pm/transform";

export { redo, undo };

/**
 * Adds the history to an editor whose document went through `before` (its steps, from the document the editor
 * was made with) while it was downloading; `dispatch` applies a transaction to the editor.
 */
export function addHistory(
  register: (plugin: ReturnType<typeof history>) => void,
  state: () => EditorState,
  dispatch: (tr: Transaction) => void,
  before: Transform,
): void {
  // Tiptap's defaults: a hundred steps back, a pause of half a second starts a new one.
  register(history({ depth: 100, newGroupDelay: 500 }));
  if (!before.steps.length) return;
  const selection = state().selection.toJSON();
  const back = state().tr;
  for (let index = before.steps.length - 1; index >= 0; index--)
    back.step(before.steps[index]!.invert(before.docs[index]!));
  dispatch(back.setMeta("addToHistory", false));
  const again = state().tr;
  for (const step of before.steps) again.step(step);
  dispatch(again.setSelection(Selection.fromJSON(again.doc, selection)));
}
