/**
 * The mark ProseMirror's `closeHistory(tr)` sets on a transaction (the change after it starts a new undo step).
 * The client build sets it in Tiptap's core in its place (vite.config.ts, `tiptapUnusedOut`), so the history can
 * load on use (./undo-on-use.ts); tests/unit/editor-undo-on-use.test.ts holds it equal to the history's own.
 */
export const HISTORY_CLOSED = "closeHistory$";
