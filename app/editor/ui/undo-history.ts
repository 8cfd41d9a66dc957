/**
 * Undo's history (ProseMirror's), loaded when the document first changes (./undo-on-use.ts); undo and redo act
 * on the changes made after it arrived.
 */
import { history, redo, redoDepth, undo, undoDepth } from "@tiptap/pm/history";

export { redo, redoDepth, undo, undoDepth };

/**
 * Adds the history to the editor. What was typed before it arrived stays exactly as typed and is not undone: taking
 * those changes back and making them again lost typed letters when other parts changed the text meanwhile.
 */
export function addHistory(register: (plugin: ReturnType<typeof history>) => void): void {
  // Tiptap's defaults: a hundred steps back, a pause of half a second starts a new one.
  register(history({ depth: 100, newGroupDelay: 500 }));
}
