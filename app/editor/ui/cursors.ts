/** ProseMirror's gap cursor and drop cursor (./cursors-on-use.ts loads them). */
export { dropCursor } from "@tiptap/pm/dropcursor";
export { gapCursor } from "@tiptap/pm/gapcursor";
