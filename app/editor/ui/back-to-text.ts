import type { Editor } from "@tiptap/react";
import { flushSync } from "react-dom";

/**
 * Closes a dialog over the text and puts the focus back in the text within the same task. Tiptap's `focus()` waits
 * for the next frame, and meanwhile the dialog's focused field is gone and the focus is on the page: keys typed in
 * that frame (a busy machine makes it long) would reach the page, not the text.
 */
export function backToText(editor: Editor, close: () => void): void {
  flushSync(close);
  if (!editor.isDestroyed) editor.view.focus();
}
