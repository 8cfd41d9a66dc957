/**
 * The empty document's hint ("start writing"): the one empty paragraph of an empty document carries the hint in
 * `data-placeholder` with the class `is-editor-empty`, which editor.css shows before it. The editor shows no other
 * hint, so Tiptap's placeholder (a hint per empty block, its options and their checks) is not needed.
 */
import { Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

export const EmptyHint = Extension.create<{ text: string }>({
  name: "emptyHint",
  addOptions: () => ({ text: "" }),
  addProseMirrorPlugins() {
    const { editor, options } = this;
    return [
      new Plugin({
        props: {
          decorations: ({ doc }) => {
            const only = doc.firstChild;
            const empty = only?.type === doc.type.contentMatch.defaultType && !only.content.size;
            if (!editor.isEditable || doc.childCount !== 1 || !empty) return null;
            return DecorationSet.create(doc, [
              Decoration.node(0, only.nodeSize, {
                class: "is-empty is-editor-empty",
                "data-placeholder": options.text,
              }),
            ]);
          },
        },
      }),
    ];
  },
});
