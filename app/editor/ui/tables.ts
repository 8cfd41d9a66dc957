/**
 * Table editing (./table-editing.ts: prosemirror-tables' plugin and the table actions) loads on use: when the caret
 * first enters a table, when the pointer reaches one or the table button, or when a table action is chosen. A
 * table is shown, read and written before it arrives (its nodes are always in the schema, ../markdown/table.ts);
 * Tab in a table before then holds the keys typed after it (./held-keys.ts) and acts on them, in order, once the
 * code is there: the text typed after Tab lands in the next cell, never in the one before.
 */
import { Extension, type Editor } from "@tiptap/core";
import { Plugin, TextSelection } from "@tiptap/pm/state";
import { useEffect } from "react";
import { memoiseLoad } from "~/lib/memoise-load";
import { holdInput, replayingHeldKeys } from "./held-keys";
import type * as TableEditingModule from "./table-editing";

type TableEditing = typeof TableEditingModule;

const code = memoiseLoad(() => import("./table-editing"));
let loaded: TableEditing | undefined;

/** Downloads the tables' editing code (once; a failed download is tried again by the next call). */
export const loadTableEditing = (): Promise<TableEditing> => code.get().then((module) => (loaded = module));

const ready = new WeakSet<Editor>();

function addTo(editor: Editor, module: TableEditing): TableEditing["tableActions"] {
  if (!editor.isDestroyed && !ready.has(editor)) {
    ready.add(editor);
    module.addTablePlugins(editor);
  }
  return module.tableActions;
}

/** The table actions, with table editing's plugins added to `editor` first (once); fails when the code cannot come. */
export const withTableEditing = (editor: Editor) => loadTableEditing().then((module) => addTo(editor, module));

const inTable = (editor: Editor) => editor.isActive("table");

/**
 * Starts the download of the tables' editing code when the writer comes to a table: the caret enters one, or the
 * pointer is over one. A download that fails here is quiet: what needs the code (Tab, a table action) says so.
 */
export function useTableEditing(editor: Editor | null): void {
  useEffect(() => {
    if (!editor) return;
    const start = () => {
      stop();
      void withTableEditing(editor).catch(() => undefined);
    };
    const onSelection = () => {
      if (inTable(editor)) start();
    };
    const onPointer = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("table")) start();
    };
    const dom = editor.view.dom;
    const stop = () => {
      editor.off("selectionUpdate", onSelection);
      dom.removeEventListener("pointerover", onPointer);
    };
    editor.on("selectionUpdate", onSelection);
    dom.addEventListener("pointerover", onPointer);
    onSelection();
    return stop;
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
 * the text for the next control. Before the editing code is there, the key waits for it with those typed after it.
 */
export const TableKeys = Extension.create<{ onFailed: () => void }>({
  name: "tableKeys",
  // Before the lists' Tab, which would indent a list inside a cell instead.
  priority: 200,
  addOptions: () => ({ onFailed: () => undefined }),
  addProseMirrorPlugins() {
    const { editor, options } = this;
    return [
      new Plugin({
        props: {
          handleKeyDown(_view, event) {
            if (event.key !== "Tab" || event.ctrlKey || event.metaKey || event.altKey || !inTable(editor)) return false;
            const dir = event.shiftKey ? -1 : 1;
            if (loaded && !editor.isDestroyed) {
              addTo(editor, loaded);
              loaded.goToCell(editor, dir);
            } else if (!replayingHeldKeys()) {
              // Held keys acted on after a failed download do not wait again: this Tab does nothing.
              const arriving = withTableEditing(editor);
              arriving.catch(options.onFailed);
              holdInput(editor.view, arriving, { key: event });
            }
            return true;
          },
        },
      }),
    ];
  },
});
