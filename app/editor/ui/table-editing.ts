/**
 * Editing tables (loaded on use, ./tables.ts): prosemirror-tables' cell selection and table repair, Tab and
 * Shift+Tab between cells (Tab in the last cell adds a row), and the toolbar's table actions.
 */
import type { Editor } from "@tiptap/core";
import { createTable } from "@tiptap/extension-table";
import { keymap } from "@tiptap/pm/keymap";
import { TextSelection, type Command } from "@tiptap/pm/state";
import {
  addColumnAfter,
  addRowAfter,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
} from "@tiptap/pm/tables";

const run = (editor: Editor, command: Command) =>
  editor
    .chain()
    .focus()
    .command(({ state, dispatch }) => command(state, dispatch))
    .run();

/** Adds the table plugins to `editor`, ahead of the others (Tab in a cell moves between cells). */
export function addTablePlugins(editor: Editor): void {
  const keys = keymap({
    Tab: () => {
      if (run(editor, goToNextCell(1))) return true;
      if (!addRowAfter(editor.state)) return false;
      return run(editor, addRowAfter) && run(editor, goToNextCell(1));
    },
    "Shift-Tab": () => run(editor, goToNextCell(-1)),
  });
  for (const plugin of [tableEditing(), keys]) editor.registerPlugin(plugin, (added, plugins) => [added, ...plugins]);
}

/** A table of two columns, its first row the header, in place of the selection; the cursor in its first cell. */
export function insertTable(editor: Editor): boolean {
  return editor
    .chain()
    .focus()
    .command(({ tr, dispatch, editor: current }) => {
      const node = createTable(current.schema, 2, 2, true);
      if (dispatch) {
        const offset = tr.selection.from + 1;
        tr.replaceSelectionWith(node)
          .scrollIntoView()
          .setSelection(TextSelection.near(tr.doc.resolve(offset)));
      }
      return true;
    })
    .run();
}

export const tableActions = {
  addRowAfter: (editor: Editor) => run(editor, addRowAfter),
  addColumnAfter: (editor: Editor) => run(editor, addColumnAfter),
  deleteRow: (editor: Editor) => run(editor, deleteRow),
  deleteColumn: (editor: Editor) => run(editor, deleteColumn),
  deleteTable: (editor: Editor) => run(editor, deleteTable),
};
