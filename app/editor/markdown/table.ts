/**
 * The table's node, light: the same name, content and role as `@tiptap/extension-table`'s, whose row, header and
 * cell nodes (its `/row`, `/header` and `/cell` entries) go with it, without the table extension's editing code
 * (prosemirror-tables: cell selection, Tab between cells, adding and removing rows and columns). A page that holds
 * a table is read and written with this alone; the editing code loads when a table is in the document or is about
 * to be added (../ui/tables.ts).
 */
import { callOrReturn, getExtensionField, mergeAttributes, Node } from "@tiptap/core";

export const Table = Node.create({
  name: "table",
  content: "tableRow+",
  tableRole: "table",
  isolating: true,
  group: "block",
  parseHTML: () => [{ tag: "table" }],
  renderHTML: ({ HTMLAttributes }) => ["table", mergeAttributes(HTMLAttributes), ["tbody", 0]],
  // Every node that declares a table role carries it in its schema, where prosemirror-tables looks for it.
  extendNodeSchema(extension) {
    const context = { name: extension.name, options: extension.options, storage: extension.storage };
    return { tableRole: callOrReturn(getExtensionField(extension, "tableRole", context)) };
  },
});
