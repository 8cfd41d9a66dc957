/**
 * The site's reading of a page (its mdast) as the editor's document: each construct as the node or mark that
 * shows it, with the writer's spelling in attributes that never reach the HTML (see ./syntax.ts). What the editor
 * cannot show as it renders stays as written and is shown as its source: HTML (./raw-html.ts), link reference
 * definitions and footnotes (./verbatim.ts).
 */
import type { JSONContent } from "@tiptap/core";
import type {
  BlockContent,
  DefinitionContent,
  List,
  ListItem,
  Nodes,
  PhrasingContent,
  Root,
  RootContent,
  Table,
} from "mdast";
import { writeTree } from "./syntax";
import { VOID_ELEMENTS } from "~/lib/void-elements";

type Mark = NonNullable<JSONContent["marks"]>[number];

interface Definition {
  url: string;
  title: string | null;
}

interface Reading {
  /** The markdown the tree was read from. */
  markdown: string;
  /** Link reference definitions by identifier: the first one of each counts, as the site's renderer has it. */
  definitions: Map<string, Definition>;
}

function written(node: Nodes, reading: Reading): string | undefined {
  const { start, end } = node.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return undefined;
  return reading.markdown.slice(start.offset, end.offset);
}

/** The markdown of a construct shown as its source: as written when that is self-contained, otherwise rewritten. */
function sourceOf(node: RootContent, reading: Reading, topLevel: boolean): string {
  const text = written(node, reading);
  // Lines after the first of a nested construct carry the prefixes of its containers (`> `, indentation).
  if (text !== undefined && (topLevel || !text.includes("\n"))) return text;
  return writeTree({ type: "root", children: [node] });
}

function collectDefinitions(node: Nodes, into: Map<string, Definition>): void {
  if (node.type === "definition") {
    if (!into.has(node.identifier)) into.set(node.identifier, { url: node.url, title: node.title ?? null });
    return;
  }
  if ("children" in node) for (const child of node.children) collectDefinitions(child, into);
}

/** The document of a tree read from `markdown`: one editor block per top-level node, in order. */
export function treeToBlocks(tree: Root, markdown: string): JSONContent[] {
  const reading: Reading = { markdown, definitions: new Map() };
  collectDefinitions(tree, reading.definitions);
  return tree.children.map((node) => block(node, reading, true));
}

const paragraph = (content: JSONContent[] = []): JSONContent =>
  content.length ? { type: "paragraph", content } : { type: "paragraph" };

/** Block content, at least one block (containers in the editor are never empty). */
function blocks(children: (BlockContent | DefinitionContent)[], reading: Reading): JSONContent[] {
  const out = children.map((child) => block(child, reading, false));
  return out.length ? out : [paragraph()];
}

function block(node: RootContent, reading: Reading, topLevel: boolean): JSONContent {
  switch (node.type) {
    case "paragraph":
      return paragraph(inline(node.children, reading, [], topLevel));
    case "heading": {
      const setext = !(written(node, reading) ?? "#").startsWith("#");
      const content = inline(node.children, reading, [], topLevel);
      return { type: "heading", attrs: { level: node.depth, setext }, ...(content.length ? { content } : {}) };
    }
    case "thematicBreak": {
      const rule = written(node, reading)?.trim();
      return { type: "horizontalRule", attrs: { spelling: rule === "---" ? null : (rule ?? null) } };
    }
    case "blockquote":
      return { type: "blockquote", content: blocks(node.children, reading) };
    case "list":
      return list(node, reading);
    case "code": {
      const fence = /^(`{3,}|~{3,})/.exec(written(node, reading) ?? "")?.[1] ?? null;
      return {
        type: "codeBlock",
        attrs: { language: node.lang ?? null, meta: node.meta ?? null, fence: fence === "```" ? null : fence },
        ...(node.value ? { content: [{ type: "text", text: node.value }] } : {}),
      };
    }
    case "html":
      return { type: "rawHtmlBlock", attrs: { html: node.value } };
    case "table":
      return table(node, reading);
    case "definition":
    case "footnoteDefinition":
      return { type: "markdownBlock", attrs: { markdown: sourceOf(node, reading, topLevel) } };
    default:
      // Nothing else is read at the block level (front matter is never read from the body); kept as written.
      return { type: "markdownBlock", attrs: { markdown: sourceOf(node, reading, topLevel) } };
  }
}

/** Loose (items as paragraphs) exactly when the site renders it so. */
function isLoose(node: List): boolean {
  return Boolean(node.spread) || node.children.some((item) => item.spread ?? item.children.length > 1);
}

function list(node: List, reading: Reading): JSONContent {
  const loose = isLoose(node);
  const first = node.children[0] ? (written(node.children[0], reading) ?? "") : "";
  if (node.ordered) {
    const delimiter = /^\d+([.)])/.exec(first)?.[1] === ")" ? ")" : null;
    return {
      type: "orderedList",
      attrs: { start: node.start ?? 1, delimiter, loose },
      content: node.children.map((item) => listItem(item, reading)),
    };
  }
  const marker = /^([*+])/.exec(first)?.[1] ?? null;
  const tasks = node.children.every((item) => typeof item.checked === "boolean");
  if (tasks) {
    return {
      type: "taskList",
      attrs: { marker, loose },
      content: node.children.map((item) => ({
        type: "taskItem",
        attrs: { checked: item.checked === true },
        content: blocks(item.children, reading),
      })),
    };
  }
  return {
    type: "bulletList",
    attrs: { marker, loose },
    content: node.children.map((item) => listItem(item, reading)),
  };
}

function listItem(item: ListItem, reading: Reading): JSONContent {
  return {
    type: "listItem",
    attrs: { checked: typeof item.checked === "boolean" ? item.checked : null },
    content: blocks(item.children, reading),
  };
}

/** A table as the site renders it: every row as wide as the header row (missing cells empty, extra ones dropped). */
function table(node: Table, reading: Reading): JSONContent {
  const width = node.children[0]?.children.length ?? 0;
  return {
    type: "table",
    content: node.children.map((row, index) => ({
      type: "tableRow",
      content: Array.from({ length: width }, (_, column) => {
        const cell = row.children[column];
        return {
          type: index === 0 ? "tableHeader" : "tableCell",
          attrs: { align: node.align?.[column] ?? null },
          content: [paragraph(cell ? inline(cell.children, reading, [], false) : [])],
        };
      }),
    })),
  };
}

/** `marks` with `mark` added; an inner mark of the same type (`*a *b* c*`) is the outer one. */
function withMark(marks: Mark[], mark: Mark): Mark[] {
  return marks.some((m) => m.type === mark.type) ? marks : [...marks, mark];
}

const markAttr = (marks: Mark[]) => (marks.length ? { marks } : {});

function delimiterOf(node: Nodes, reading: Reading): string | null {
  return written(node, reading)?.startsWith("_") ? "_" : null;
}

function reference(
  node: { identifier: string; label?: string | null; referenceType: string },
  reading: Reading,
): { definition: Definition | undefined; reference: { type: string; label: string; identifier: string } } {
  return {
    definition: reading.definitions.get(node.identifier),
    reference: { type: node.referenceType, label: node.label ?? node.identifier, identifier: node.identifier },
  };
}

/** An opening tag (`<kbd>`, `<a href="…">`) written alone, and its element's name. */
function openingTag(html: string): string | undefined {
  const name = /^<([A-Za-z][A-Za-z0-9-]*)(?:\s[^>]*)?>$/.exec(html)?.[1]?.toLowerCase();
  return name && !html.endsWith("/>") && !VOID_ELEMENTS.has(name) ? name : undefined;
}

/**
 * Running text. HTML in it is kept as written: a tag with everything up to its closing tag is one piece
 * (`<kbd>Ctrl</kbd>`), as long as that piece is one line or its block is at the top level (elsewhere its lines
 * would carry the prefixes of its containers).
 */
function inline(children: PhrasingContent[], reading: Reading, marks: Mark[], topLevel: boolean): JSONContent[] {
  const out: JSONContent[] = [];
  for (let index = 0; index < children.length; index++) {
    const node = children[index]!;
    switch (node.type) {
      case "text":
        if (node.value) out.push({ type: "text", text: node.value, ...markAttr(marks) });
        break;
      case "emphasis":
        out.push(
          ...inline(
            node.children,
            reading,
            withMark(marks, { type: "italic", attrs: { delimiter: delimiterOf(node, reading) } }),
            topLevel,
          ),
        );
        break;
      case "strong":
        out.push(
          ...inline(
            node.children,
            reading,
            withMark(marks, { type: "bold", attrs: { delimiter: delimiterOf(node, reading) === "_" ? "__" : null } }),
            topLevel,
          ),
        );
        break;
      case "delete":
        out.push(...inline(node.children, reading, withMark(marks, { type: "strike" }), topLevel));
        break;
      case "inlineCode":
        out.push({ type: "text", text: node.value, marks: withMark(marks, { type: "code" }) });
        break;
      case "break":
        out.push({
          type: "hardBreak",
          attrs: { spelling: written(node, reading)?.startsWith("\\") === false ? "spaces" : null },
          ...markAttr(marks),
        });
        break;
      case "link":
        out.push(
          ...inline(
            node.children,
            reading,
            withMark(marks, { type: "link", attrs: { href: node.url, title: node.title ?? null } }),
            topLevel,
          ),
        );
        break;
      case "linkReference": {
        const { definition, reference: ref } = reference(node, reading);
        const link: Mark = {
          type: "link",
          attrs: { href: definition?.url ?? "", title: definition?.title ?? null, reference: ref },
        };
        out.push(...inline(node.children, reading, withMark(marks, link), topLevel));
        break;
      }
      case "image":
        out.push({
          type: "image",
          attrs: { src: node.url, alt: node.alt ?? null, title: node.title ?? null },
          ...markAttr(marks),
        });
        break;
      case "imageReference": {
        const { definition, reference: ref } = reference(node, reading);
        out.push({
          type: "image",
          attrs: {
            src: definition?.url ?? "",
            alt: node.alt ?? null,
            title: definition?.title ?? null,
            reference: ref,
          },
          ...markAttr(marks),
        });
        break;
      }
      case "html": {
        const closing = closingIndex(children, index);
        const whole =
          closing === undefined
            ? undefined
            : written(
                { ...node, position: { start: node.position!.start, end: children[closing]!.position!.end } },
                reading,
              );
        if (closing !== undefined && whole !== undefined && (topLevel || !whole.includes("\n"))) {
          out.push({ type: "rawHtmlInline", attrs: { html: whole }, ...markAttr(marks) });
          index = closing;
        } else if (node.value) {
          out.push({ type: "rawHtmlInline", attrs: { html: node.value }, ...markAttr(marks) });
        }
        break;
      }
      case "footnoteReference":
        out.push({
          type: "markdownInline",
          attrs: { markdown: written(node, reading) ?? `[^${node.label ?? node.identifier}]` },
          ...markAttr(marks),
        });
        break;
      default:
        break;
    }
  }
  return out;
}

/** The index of the closing tag of the element `children[index]` opens, among its siblings. */
function closingIndex(children: PhrasingContent[], index: number): number | undefined {
  const node = children[index]!;
  if (node.type !== "html" || !node.position) return undefined;
  const name = openingTag(node.value);
  if (!name) return undefined;
  let depth = 0;
  for (let next = index + 1; next < children.length; next++) {
    const sibling = children[next]!;
    if (sibling.type !== "html") continue;
    if (openingTag(sibling.value) === name) depth++;
    else if (new RegExp(`^</${name}\\s*>$`, "i").test(sibling.value)) {
      if (depth === 0) return sibling.position ? next : undefined;
      depth--;
    }
  }
  return undefined;
}
