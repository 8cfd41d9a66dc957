/**
 * The editor's document model: every node and mark a content page may hold.
 *
 * Markdown is read and written by ./document.ts (the site's own parser, and remark's writer); the model only
 * carries what that needs: the writer's spelling where markdown has several (`*` or `_` emphasis, `**` or `__`
 * strong, a backslash or two spaces for a line break, the code fence, the rule's characters, a setext heading, the
 * list's marker and numbering delimiter), whether a list is loose, a code block's info after its language, the
 * reference a link or image was written as, and on each top-level block the markdown it was read from (`source`).
 * None of these reach the HTML.
 */
import { Extension, type AnyExtension } from "@tiptap/core";
import { Blockquote } from "@tiptap/extension-blockquote";
import BoldBase from "@tiptap/extension-bold";
import CodeBase from "@tiptap/extension-code";
import CodeBlockBase from "@tiptap/extension-code-block";
import { Document } from "@tiptap/extension-document";
import HardBreakBase from "@tiptap/extension-hard-break";
import HeadingBase from "@tiptap/extension-heading";
import HorizontalRuleBase from "@tiptap/extension-horizontal-rule";
import ItalicBase from "@tiptap/extension-italic";
import {
  BulletList as BulletListBase,
  ListItem as ListItemBase,
  ListKeymap,
  OrderedList as OrderedListBase,
  TaskItem,
  TaskList as TaskListBase,
} from "@tiptap/extension-list";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Strike } from "@tiptap/extension-strike";
import { TableCell } from "@tiptap/extension-table/cell";
import { TableHeader } from "@tiptap/extension-table/header";
import { TableRow } from "@tiptap/extension-table/row";
import { Text } from "@tiptap/extension-text";
import { GapCursorRule } from "./gap-cursor-rule";
import { Link as LinkBase } from "./link";
import { RawHtmlBlock, RawHtmlInline } from "./raw-html";
import { SafeImage } from "./safe-image";
import { Table } from "./table";
import { MarkdownBlock, MarkdownInline } from "./verbatim";

/** An attribute kept in the document only: never rendered, never read from HTML. */
function kept(defaultValue: unknown, keepOnSplit = true) {
  return { default: defaultValue, rendered: false, keepOnSplit, parseHTML: () => defaultValue };
}

const Italic = ItalicBase.extend({ addAttributes: () => ({ delimiter: kept(null) }) });
const Bold = BoldBase.extend({ addAttributes: () => ({ delimiter: kept(null) }) });
// Inline code may be bold, struck or linked, as markdown allows (`**`x`**`, [`x`](/y)); only code excludes code.
const Code = CodeBase.extend({ excludes: "code" });
const HardBreak = HardBreakBase.extend({ addAttributes: () => ({ spelling: kept(null) }) });
const HorizontalRule = HorizontalRuleBase.extend({ addAttributes: () => ({ spelling: kept(null) }) });

const Heading = HeadingBase.extend({
  addAttributes() {
    return { ...this.parent?.(), setext: kept(false) };
  },
});

const CodeBlock = CodeBlockBase.extend({
  addAttributes() {
    return { ...this.parent?.(), meta: kept(null), fence: kept(null) };
  },
});

const Link = LinkBase.extend({
  addAttributes() {
    return { ...this.parent?.(), reference: kept(null) };
  },
});

const Image = SafeImage.extend({
  addAttributes() {
    return { ...this.parent?.(), reference: kept(null) };
  },
});

const BulletList = BulletListBase.extend({
  addAttributes: () => ({ marker: kept(null), loose: kept(false) }),
});
const OrderedList = OrderedListBase.extend({
  addAttributes() {
    return { ...this.parent?.(), delimiter: kept(null), loose: kept(false) };
  },
});
const TaskList = TaskListBase.extend({
  addAttributes: () => ({ marker: kept(null), loose: kept(false) }),
});
// An item may begin with any block (`- # heading`, `- ```code`), as markdown's may; a task in a list that is not
// all tasks keeps its box as `checked`.
const ListItem = ListItemBase.extend({
  content: "block+",
  addAttributes: () => ({
    checked: {
      default: null,
      keepOnSplit: false,
      parseHTML: () => null,
      renderHTML: (attrs: { checked?: boolean | null }) =>
        typeof attrs.checked === "boolean" ? { "data-checked": String(attrs.checked) } : {},
    },
  }),
});

/** Blocks that may stand at the top level of a page, each keeping the markdown it was read from. */
const TOP_LEVEL = [
  "paragraph",
  "heading",
  "blockquote",
  "bulletList",
  "orderedList",
  "taskList",
  "codeBlock",
  "horizontalRule",
  "table",
  "rawHtmlBlock",
  "markdownBlock",
];

const BlockSource = Extension.create({
  name: "blockSource",
  addGlobalAttributes: () => [{ types: TOP_LEVEL, attributes: { source: kept(null, false) } }],
});

export interface ContentSchemaOptions {
  /** Extra extensions (the editor's behaviour: placeholder, direction, keyboard). */
  extra?: AnyExtension[];
}

/** Every node and mark a content page may hold. */
export function contentExtensions({ extra = [] }: ContentSchemaOptions = {}): AnyExtension[] {
  return [
    Italic,
    Bold,
    // Tiptap's starter kit's other parts, in its order (its underline and its link, which carries linkify, are not
    // wanted: markdown has no underline, and the link is ./link.ts). No empty paragraph is added after a last table
    // or code block, which would be written into the file (the gap cursor reaches the end instead).
    Blockquote,
    Document,
    // The drop cursor, the gap cursor's plugin and undo are the editor's, on use (../ui/*-on-use.ts).
    GapCursorRule,
    ListKeymap,
    Paragraph,
    Strike,
    Text,
    Code,
    Heading,
    HardBreak,
    HorizontalRule,
    CodeBlock,
    // Typed and pasted addresses become links in the editor (../ui/autolink-on-use.ts).
    Link,
    BulletList,
    OrderedList,
    ListItem,
    TaskList,
    TaskItem.configure({ nested: true }),
    // The table's editing code loads when a table is in the document (../ui/tables.ts).
    Table,
    TableRow,
    TableHeader,
    TableCell,
    // Inline, as in markdown: an image may sit in a sentence or inside a link (a linked badge).
    Image,
    // HTML in a page: kept as its source text, never parsed into the editor's DOM.
    RawHtmlBlock,
    RawHtmlInline,
    // Link reference definitions and footnotes: kept as written, shown as their source.
    MarkdownBlock,
    MarkdownInline,
    BlockSource,
    ...extra,
  ];
}
