/**
 * Where the gap cursor (the caret where no text can be, beside a table or a rule) may stop: a node may say whether
 * it stops beside it (a table does), in the schema, as Tiptap's `Gapcursor` puts it there. The cursor's plugin is
 * the editor's, on use (../ui/cursors-on-use.ts). Tiptap's own comes from `@tiptap/extensions`, whose module
 * holds its other small extensions too (placeholder, drop cursor, character count, ...), which the bundler then
 * cannot leave out of the editor's first load.
 */
import { callOrReturn, Extension, getExtensionField, type ParentConfig } from "@tiptap/core";

declare module "@tiptap/core" {
  interface NodeConfig<Options, Storage> {
    /** Whether the gap cursor may stop beside this node (null: where ProseMirror would). */
    allowGapCursor?:
      | boolean
      | null
      | ((this: {
          name: string;
          options: Options;
          storage: Storage;
          parent: ParentConfig<NodeConfig<Options>>["allowGapCursor"];
        }) => boolean | null);
  }
}

export const GapCursorRule = Extension.create({
  name: "gapCursor",
  extendNodeSchema(extension) {
    const context = { name: extension.name, options: extension.options, storage: extension.storage };
    return { allowGapCursor: callOrReturn(getExtensionField(extension, "allowGapCursor", context)) ?? null };
  },
});
