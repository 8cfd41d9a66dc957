import type { EditorState } from "@tiptap/pm/state";

/** A `/` typed to choose a block, and what was typed after it (the text from `from` to `to`). */
export interface SlashQuery {
  from: number;
  to: number;
  query: string;
}

/**
 * The `/query` just before the caret, when the slash menu should offer blocks for it: in a paragraph (not in code,
 * not in a table's cell), the `/` at the paragraph's start or after a space, and no space typed since.
 */
export function slashQueryAt(state: EditorState): SlashQuery | null {
  const { selection } = state;
  if (!selection.empty) return null;
  const { $from } = selection;
  if ($from.parent.type.name !== "paragraph") return null;
  for (let depth = $from.depth; depth > 0; depth--) if ($from.node(depth).type.name === "table") return null;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, "\uFFFC");
  const match = /(?:^|\s)\/([^\s/\uFFFC]{0,40})$/u.exec(before);
  if (!match) return null;
  const query = match[1]!;
  return { from: $from.pos - query.length - 1, to: $from.pos, query };
}
