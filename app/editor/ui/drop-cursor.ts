/** The line that shows where dragged text or a picture will land (./drop-cursor-on-use.ts loads it). */
export { dropCursor } from "@tiptap/pm/dropcursor";
