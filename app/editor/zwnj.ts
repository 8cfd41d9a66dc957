/**
 * ZWNJ (U+200C, «نیم‌فاصله»), the half-space Persian writes between the parts of a word («می‌خواهم», «کتاب‌ها»).
 * Typed with Shift+Space, or Ctrl+Shift+2 as on Windows' standard Persian keyboard; everywhere the editor takes
 * text (the document, its markdown source, the title and other fields). Nothing in the editor's path removes it:
 * the markdown serializer, the renderer, search and slugs all keep or map it deliberately.
 */
export const ZWNJ = "\u200C";

interface KeyLike {
  key: string;
  code?: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** Whether a key press asks for a ZWNJ: Shift+Space, or Ctrl+Shift+2 (whatever the layout makes of "2"). */
export function isZwnjShortcut(event: KeyLike): boolean {
  if (event.altKey || event.metaKey) return false;
  const space = event.key === " " || event.code === "Space";
  if (space && event.shiftKey && !event.ctrlKey) return true;
  const two = event.code === "Digit2" || event.key === "2" || event.key === "@" || event.key === "٬";
  return two && event.ctrlKey && event.shiftKey;
}

/** `value` with a ZWNJ in place of the selection `[start, end)`, and where the caret goes after it. */
export function insertZwnj(value: string, start: number, end: number): { value: string; caret: number } {
  return { value: value.slice(0, start) + ZWNJ + value.slice(end), caret: start + 1 };
}

/**
 * For an `<input>` or `<textarea>`'s onKeyDown: types a ZWNJ on its shortcut, through the browser's own editing
 * (so undo and React's change events work), falling back to setting the value.
 */
export function typeZwnjOnShortcut(event: KeyLike & { preventDefault(): void; currentTarget: EventTarget }): void {
  if (!isZwnjShortcut(event)) return;
  const field = event.currentTarget as HTMLInputElement | HTMLTextAreaElement;
  event.preventDefault();
  // execCommand("insertText") keeps the field's undo history and fires the input event React listens to.
  if (typeof document !== "undefined" && document.execCommand?.("insertText", false, ZWNJ)) return;
  const { value, caret } = insertZwnj(field.value, field.selectionStart ?? 0, field.selectionEnd ?? 0);
  field.value = value;
  field.setSelectionRange(caret, caret);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}
