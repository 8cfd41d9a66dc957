/**
 * The gap cursor (the caret where no text can be: beside a table or a rule, at the end after a code block) and the
 * drop cursor (the line where dragged text or a picture will land) load when the writer first reaches into the
 * text: by focusing it, pressing on it or dragging something over it. The gap cursor acts on the arrow keys and
 * clicks that come after; ProseMirror drops without the drop cursor, which shows from the next movement on. Which
 * nodes the gap cursor may stop beside is in the schema from the start (../markdown/gap-cursor-rule.ts).
 */
import { Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { memoiseLoad } from "~/lib/memoise-load";

const code = memoiseLoad(() => import("./cursors"));

export const CursorsOnUse = Extension.create<{ onFailed: () => void }>({
  name: "cursorsOnUse",
  addOptions: () => ({ onFailed: () => undefined }),
  addProseMirrorPlugins() {
    const { editor, options } = this;
    let asked = false;
    const load = () => {
      if (asked) return false;
      asked = true;
      code.get().then(
        ({ gapCursor, dropCursor }) => {
          if (editor.isDestroyed) return;
          editor.registerPlugin(gapCursor());
          // Drawn in the text's colour, one pixel wide, as Tiptap's drop cursor draws it by default.
          editor.registerPlugin(dropCursor({ color: "currentColor", width: 1 }));
        },
        () => {
          asked = false;
          options.onFailed();
        },
      );
      return false;
    };
    return [new Plugin({ props: { handleDOMEvents: { focus: load, pointerdown: load, dragenter: load } } })];
  },
});
