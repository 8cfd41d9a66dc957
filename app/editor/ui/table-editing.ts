/**
 * Editing tables (loaded on use, ./tables.ts): prosemirror-tables' cell selection and table repair, moving between
 * cells (Tab in the last cell adds a row), and the toolbar's table actions.
 */
import type { Editor } from "@tiptap/core";
import type { Command } from "@tiptap/pm/state";
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

/** Adds prosemirror-tables' plugin (cell selection, table repair) to `editor`. */
export function addTablePlugins(editor: Editor): void {
  editor.registerPlugin(tableEditing());
}

/** The next cell (`dir` 1) or the previous one (-1), its text selected; Tab in the last cell adds a row first. */
export function goToCell(editor: Editor, dir: 1 | -1): boolean {
  if (run(editor, goToNextCell(dir))) return true;
  if (dir === -1 || !addRowAfter(editor.state)) return false;
  return run(editor, addRowAfter) && run(editor, goToNextCell(1));
}

export const tableActions = {
  addRowAfter: (editor: Editor) => run(editor, addRowAfter),
  addColumnAfter: (editor: Editor) => run(editor, addColumnAfter),
  deleteRow: (editor: Editor) => run(editor, deleteRow),
  deleteColumn: (editor: Editor) => run(editor, deleteColumn),
  deleteTable: (editor: Editor) => run(editor, deleteTable),
};
