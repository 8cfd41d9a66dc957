/**
 * The editor's document model and its markdown, shared by the editor and the tests that prove the round trip.
 *
 * Tiptap's own markdown writers choose one spelling for each construct. A file opened and saved unchanged must
 * stay the same file, so where markdown has several spellings the one the writer used is remembered on the node
 * (an attribute that never reaches the HTML) and written back: `*` or `_` emphasis, `**` or `__` strong, a
 * backslash or two spaces for a line break, a fence of backticks or tildes, the rule's characters, the list
 * marker. Tables are written compactly (`| a | b |` over `| --- | --- |`), as the bundled content writes them;
 * cell padding carries no meaning and would make every edit of one cell rewrite the whole table in diffs.
 */
import type { AnyExtension, JSONContent, MarkdownRendererHelpers } from "@tiptap/core";
import BoldBase from "@tiptap/extension-bold";
import CodeBlockBase from "@tiptap/extension-code-block";
import HardBreakBase from "@tiptap/extension-hard-break";
import HorizontalRuleBase from "@tiptap/extension-horizontal-rule";
import ItalicBase from "@tiptap/extension-italic";
import { BulletList as BulletListBase, ListItem as ListItemBase, TaskItem, TaskList } from "@tiptap/extension-list";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { RawHtmlBlock, RawHtmlInline } from "./raw-html";
import { SafeImage } from "./safe-image";

/** An attribute kept in the document only: never rendered, never read from HTML. */
function style(defaultValue: string | null) {
  return { default: defaultValue, rendered: false, keepOnSplit: true };
}

interface Token {
  raw?: string;
  tokens?: unknown[];
  [key: string]: unknown;
}

const Italic = ItalicBase.extend({
  addAttributes: () => ({ delimiter: style(null) }),
  parseMarkdown: (token: Token, h) =>
    h.applyMark("italic", h.parseInline((token.tokens ?? []) as never[]), {
      delimiter: token.raw?.startsWith("_") ? "_" : null,
    }),
  renderMarkdown: (node: JSONContent, h: MarkdownRendererHelpers) => {
    const d = node.attrs?.delimiter === "_" ? "_" : "*";
    return `${d}${h.renderChildren(node)}${d}`;
  },
});

const Bold = BoldBase.extend({
  addAttributes: () => ({ delimiter: style(null) }),
  parseMarkdown: (token: Token, h) =>
    h.applyMark("bold", h.parseInline((token.tokens ?? []) as never[]), {
      delimiter: token.raw?.startsWith("__") ? "__" : null,
    }),
  renderMarkdown: (node: JSONContent, h: MarkdownRendererHelpers) => {
    const d = node.attrs?.delimiter === "__" ? "__" : "**";
    return `${d}${h.renderChildren(node)}${d}`;
  },
});

const HardBreak = HardBreakBase.extend({
  addAttributes: () => ({ spelling: style(null) }),
  parseMarkdown: (token: Token) => ({
    type: "hardBreak",
    attrs: { spelling: token.raw?.startsWith("\\") ? null : "spaces" },
  }),
  // A backslash unless the writer used two spaces: trailing spaces vanish in many editors and diffs.
  renderMarkdown: (node: JSONContent) => (node.attrs?.spelling === "spaces" ? "  \n" : "\\\n"),
});

const HorizontalRule = HorizontalRuleBase.extend({
  addAttributes: () => ({ spelling: style(null) }),
  parseMarkdown: (token: Token, h) => h.createNode("horizontalRule", { spelling: token.raw?.trim() || null }),
  renderMarkdown: (node: JSONContent) => (node.attrs?.spelling as string | null) ?? "---",
});

const CodeBlock = CodeBlockBase.extend({
  addAttributes() {
    return { ...this.parent?.(), fence: style(null) };
  },
  parseMarkdown: (token: Token, h) => {
    const raw = token.raw ?? "";
    const fence = /^(`{3,}|~{3,})/.exec(raw)?.[1] ?? null;
    const text = typeof token.text === "string" ? token.text : "";
    return h.createNode(
      "codeBlock",
      { language: (token.lang as string) || null, fence: fence === "```" ? null : fence },
      text ? [h.createTextNode(text)] : [],
    );
  },
  renderMarkdown: (node: JSONContent, h: MarkdownRendererHelpers) => {
    const code = node.content ? h.renderChildren(node.content) : "";
    let fence = (node.attrs?.fence as string | null) ?? "```";
    // A fence must be longer than any run of its character inside the code.
    const longest = Math.max(0, ...(code.match(fence[0] === "`" ? /`+/g : /~+/g) ?? []).map((run) => run.length));
    if (longest >= fence.length) fence = fence[0]!.repeat(longest + 1);
    return `${fence}${(node.attrs?.language as string | null) ?? ""}\n${code}\n${fence}`;
  },
});

const BulletList = BulletListBase.extend({
  addAttributes: () => ({ marker: style(null) }),
  parseMarkdown: (token: Token, h) => {
    if (token.type !== "list" || token.ordered) return [];
    const marker = /^\s*([*+])\s/.exec(token.raw ?? "")?.[1] ?? null;
    return { type: "bulletList", attrs: { marker }, content: h.parseChildren((token.items ?? []) as never[]) };
  },
});

const ListItem = ListItemBase.extend({
  renderMarkdown(node: JSONContent, h: MarkdownRendererHelpers, ctx) {
    const own = this.parent as unknown as (n: JSONContent, h: MarkdownRendererHelpers, c: typeof ctx) => string;
    const output = own(node, h, ctx);
    const marker = (ctx.meta?.parentAttrs as { marker?: string } | undefined)?.marker;
    return ctx.parentType === "bulletList" && marker && output.startsWith("- ")
      ? `${marker}${output.slice(1)}`
      : output;
  },
});

type CellAlign = "left" | "center" | "right" | null;

function renderCell(cell: JSONContent, h: MarkdownRendererHelpers): string {
  const text = (cell.content ?? [])
    .map((block) => (block.content ? h.renderChildren(block.content) : ""))
    .join(" ")
    .replace(/\n/g, " ");
  return text.replace(/(?<!\\)\|/g, "\\|").trim();
}

/** `| a | b |` rows under `| --- | :---: |`, one line each. */
function renderTable(node: JSONContent, h: MarkdownRendererHelpers): string {
  const rows = node.content ?? [];
  if (rows.length === 0) return "";
  const width = Math.max(...rows.map((row) => row.content?.length ?? 0));
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const cellsOf = (row: JSONContent) =>
    Array.from({ length: width }, (_, i) => {
      const cell = row.content?.[i];
      return cell ? renderCell(cell, h) : "";
    });
  const header = rows[0]!;
  const aligns: CellAlign[] = Array.from(
    { length: width },
    (_, i) => (header.content?.[i]?.attrs?.align as CellAlign | undefined) ?? null,
  );
  const delimiter = aligns.map((align) =>
    align === "center" ? ":---:" : align === "left" ? ":---" : align === "right" ? "---:" : "---",
  );
  return [line(cellsOf(header)), line(delimiter), ...rows.slice(1).map((row) => line(cellsOf(row)))].join("\n");
}

const CompactTable = Table.extend({
  renderMarkdown: (node: JSONContent, h: MarkdownRendererHelpers) => renderTable(node, h),
});

export interface ContentSchemaOptions {
  /** Extra extensions (the editor's behaviour: placeholder, direction, keyboard). */
  extra?: AnyExtension[];
}

/** Every node and mark a content page may hold, with their markdown. */
export function contentExtensions({ extra = [] }: ContentSchemaOptions = {}): AnyExtension[] {
  return [
    // Before StarterKit's inline code: a mark registered earlier nests outside later ones ("**`x`**").
    Italic,
    Bold,
    StarterKit.configure({
      italic: false,
      bold: false,
      hardBreak: false,
      horizontalRule: false,
      codeBlock: false,
      bulletList: false,
      listItem: false,
      link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      // Markdown has no underline; and no empty paragraph is added after a last table or code block, which
      // would be written into the file (the gap cursor reaches the end instead).
      underline: false,
      trailingNode: false,
    }),
    HardBreak,
    HorizontalRule,
    CodeBlock,
    BulletList,
    ListItem,
    TaskList,
    TaskItem.configure({ nested: true }),
    CompactTable.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    SafeImage.configure({ inline: false }),
    // HTML in a page: kept as its source text, never parsed into the editor's DOM.
    RawHtmlBlock,
    RawHtmlInline,
    ...extra,
  ];
}
