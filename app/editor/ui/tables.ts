/**
 * Table editing (./table-editing.ts: prosemirror-tables' plugin and the table actions) is added to an editor when
 * its document first holds a table (on opening, after the markdown was edited, when one is pasted or inserted).
 * The code comes with the editor rather than on use: Tab and the keys typed after it must act in the order they
 * were pressed, which a download in between would break (the text typed after Tab would land in the cell before).
 * The table's nodes are always in the schema (../markdown/table.ts).
 */
import { Extension, type Editor } from "@tiptap/core";
import type { Fragment, Slice } from "@tiptap/pm/model";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import { useEffect } from "react";
import { addTablePlugins, goToCell, tableActions } from "./table-editing";

const ready = new WeakSet<Editor>();

/** The table actions, with table editing's plugins added to `editor` first (once). */
export function withTableEditing(editor: Editor): typeof tableActions {
  if (!editor.isDestroyed && !ready.has(editor)) {
    ready.add(editor);
    addTablePlugins(editor);
  }
  return tableActions;
}

/** Whether a document or a piece of one holds a table. */
function holdsTable(node: { content: Fragment }): boolean {
  let found = false;
  node.content.descendants((child) => {
    if (child.type.name === "table") found = true;
    return !found;
  });
  return found;
}

/** Whether a change put a table into the document (what it inserted holds one). */
function addsTable(transaction: Transaction): boolean {
  return (
    transaction.docChanged &&
    transaction.steps.some((step) => {
      const slice = (step as { slice?: Slice }).slice;
      return slice !== undefined && holdsTable(slice);
    })
  );
}

/** Adds table editing to `editor` once its document holds a table. */
export function useTableEditing(editor: Editor | null): void {
  useEffect(() => {
    if (!editor) return;
    const load = () => void withTableEditing(editor);
    if (holdsTable(editor.state.doc)) {
      load();
      return;
    }
    const onTransaction = ({ transaction }: { transaction: Transaction }) => {
      if (ready.has(editor) || !addsTable(transaction)) return;
      editor.off("transaction", onTransaction);
      load();
    };
    editor.on("transaction", onTransaction);
    return () => void editor.off("transaction", onTransaction);
  }, [editor]);
}

/** A table of two columns, its first row the header, in place of the selection, the caret in its first cell. */
export function insertTable(editor: Editor): boolean {
  const { nodes } = editor.schema;
  const row = (cell: "tableHeader" | "tableCell") =>
    nodes.tableRow!.create(null, [nodes[cell]!.createAndFill()!, nodes[cell]!.createAndFill()!]);
  const table = nodes.table!.create(null, [row("tableHeader"), row("tableCell")]);
  return editor
    .chain()
    .focus()
    .command(({ tr, dispatch }) => {
      if (dispatch) {
        const offset = tr.selection.from + 1;
        tr.replaceSelectionWith(table)
          .scrollIntoView()
          .setSelection(TextSelection.near(tr.doc.resolve(offset)));
      }
      return true;
    })
    .run();
}

/**
 * Tab and Shift+Tab in a table move between its cells (Tab in the last one adds a row); the caret never leaves
 * the text for the next control.
 */
export const TableKeys = Extension.create({
  name: "tableKeys",
  // Before the lists' Tab, which would indent a list inside a cell instead.
  priority: 200,
  addKeyboardShortcuts() {
    const move = (dir: 1 | -1) => () => {
      if (!this.editor.isActive("table")) return false;
      withTableEditing(this.editor);
      goToCell(this.editor, dir);
      return true;
    };
    return { Tab: move(1), "Shift-Tab": move(-1) };
  },
});
