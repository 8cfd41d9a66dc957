import type { Editor } from "@tiptap/react";
import { flushSync } from "react-dom";

/**
 * Closes a dialog over the text and puts the focus back in the text within the same task. Tiptap's `focus()` waits
 * for the next frame, and meanwhile the dialog's focused field is gone and the focus is on the page: keys typed in
 * that frame (a busy machine makes it long) would reach the page, not the text. A dialog's own commands therefore
 * run without `focus()` in their chain: its late focus writes the editor's selection to the page again, undoing a
 * caret move the editor had not read yet (End pressed as a link dialog closed left the text selected, and the next
 * image replaced it).
 */
export function backToText(editor: Editor, close: () => void): void {
  flushSync(close);
  if (!editor.isDestroyed) editor.view.focus();
}
