/**
 * The code that edits tables (./table-editing.ts) loads when it is needed: when a table is in the document (on
 * opening, after the markdown was edited, when one is pasted) or about to be added. The table's nodes are always in
 * the schema (../markdown/table.ts), so a page holding a table is read and written as it was before this arrives.
 */
import { Extension, type Editor } from "@tiptap/core";
import type { Fragment, Slice } from "@tiptap/pm/model";
import { TextSelection, type Transaction } from "@tiptap/pm/state";
import { useEffect } from "react";

export const loadTableEditing = () => import("./table-editing");

const ready = new WeakSet<Editor>();

/** The table editing code, its plugins added to `editor` once. */
export async function withTableEditing(editor: Editor) {
  const module = await loadTableEditing();
  if (!editor.isDestroyed && !ready.has(editor)) {
    ready.add(editor);
    module.addTablePlugins(editor);
  }
  return module;
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

/** Loads the table editing code into `editor` once its document holds a table; `onFailed` if it cannot. */
export function useTableEditing(editor: Editor | null, onFailed: () => void): void {
  useEffect(() => {
    if (!editor) return;
    const load = () => void withTableEditing(editor).catch(onFailed);
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
  }, [editor, onFailed]);
}

/**
 * A table of two columns, its first row the header, in place of the selection, the caret in its first cell: at
 * once, from the schema alone (the editing code follows, as for any table that enters the document).
 */
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
 * Tab and Shift+Tab in a table move between its cells (Tab in the last one adds a row), through the editing code:
 * at once when it is there, as soon as it arrives otherwise; the caret never leaves the text for the next control.
 */
export const TableKeys = Extension.create<{ onFailed: () => void }>({
  name: "tableKeys",
  // Before the lists' Tab, which would indent a list inside a cell instead.
  priority: 200,
  addOptions: () => ({ onFailed: () => undefined }),
  addKeyboardShortcuts() {
    const move = (dir: 1 | -1) => () => {
      if (!this.editor.isActive("table")) return false;
      void withTableEditing(this.editor).then((tables) => tables.goToCell(this.editor, dir), this.options.onFailed);
      return true;
    };
    return { Tab: move(1), "Shift-Tab": move(-1) };
  },
});
