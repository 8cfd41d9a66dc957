/**
 * Undo and redo, and the gap cursor (the caret where no text can be, beside a table or a rule), as Tiptap's
 * `UndoRedo` and `Gapcursor` make them. Those come from `@tiptap/extensions`, whose module holds Tiptap's other
 * small extensions too (placeholder, drop cursor, character count, ...), which the bundler then cannot leave out of
 * the editor's first load: these are the same few lines over ProseMirror's own plugins.
 */
import { callOrReturn, Extension, getExtensionField, type ParentConfig } from "@tiptap/core";
import { gapCursor } from "@tiptap/pm/gapcursor";
import { history, redo, undo } from "@tiptap/pm/history";

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
  interface Commands<ReturnType> {
    undoRedo: {
      /** Undoes the last change. */
      undo: () => ReturnType;
      /** Redoes the last change undone. */
      redo: () => ReturnType;
    };
  }
}

export const UndoRedo = Extension.create<{ depth: number; newGroupDelay: number }>({
  name: "undoRedo",
  addOptions: () => ({ depth: 100, newGroupDelay: 500 }),
  addCommands: () => ({
    undo:
      () =>
      ({ state, dispatch }) =>
        undo(state, dispatch),
    redo:
      () =>
      ({ state, dispatch }) =>
        redo(state, dispatch),
  }),
  addProseMirrorPlugins() {
    return [history(this.options)];
  },
  addKeyboardShortcuts() {
    return {
      "Mod-z": () => this.editor.commands.undo(),
      "Shift-Mod-z": () => this.editor.commands.redo(),
      "Mod-y": () => this.editor.commands.redo(),
      // A Russian keyboard's z and Shift+z, as Tiptap binds them.
      "Mod-я": () => this.editor.commands.undo(),
      "Shift-Mod-я": () => this.editor.commands.redo(),
    };
  },
});

export const Gapcursor = Extension.create({
  name: "gapCursor",
  addProseMirrorPlugins: () => [gapCursor()],
  // A node may say whether the gap cursor stops beside it (a table does): the plugin reads it from the schema.
  extendNodeSchema(extension) {
    const context = { name: extension.name, options: extension.options, storage: extension.storage };
    return { allowGapCursor: callOrReturn(getExtensionField(extension, "allowGapCursor", context)) ?? null };
  },
});
