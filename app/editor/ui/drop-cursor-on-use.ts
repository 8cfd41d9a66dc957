/**
 * The drop cursor (the line where dragged text or a picture will land) loads when something is first dragged over
 * the text: ProseMirror drops without it, so nothing waits for it, and it shows from the next movement on.
 */
import { Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { memoiseLoad } from "~/lib/memoise-load";

const code = memoiseLoad(() => import("./drop-cursor"));

export const DropCursorOnUse = Extension.create<{ onFailed: () => void }>({
  name: "dropCursorOnUse",
  addOptions: () => ({ onFailed: () => undefined }),
  addProseMirrorPlugins() {
    const { editor, options } = this;
    let asked = false;
    return [
      new Plugin({
        props: {
          handleDOMEvents: {
            dragenter: () => {
              if (asked) return false;
              asked = true;
              code.get().then(
                // The line follows the text's colour, one pixel wide, as Tiptap's drop cursor draws it by default.
                ({ dropCursor }) =>
                  void (editor.isDestroyed || editor.registerPlugin(dropCursor({ color: "currentColor", width: 1 }))),
                () => {
                  asked = false;
                  options.onFailed();
                },
              );
              return false;
            },
          },
        },
      }),
    ];
  },
});
