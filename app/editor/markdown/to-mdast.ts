/**
 * The editor's document as a markdown syntax tree, for the writer in ./syntax.ts: the inverse of ./from-mdast.ts.
 * Marks become nested phrasing (a mark that runs on further is opened first, so it wraps the shorter ones), the
 * spelling attributes become the nodes' `data`, and what the editor keeps as written (HTML, definitions,
 * footnotes) is written back as it was.
 */
import type { JSONContent } from "@tiptap/core";
import type {
  BlockContent,
  DefinitionContent,
  Html,
  ListItem,
  PhrasingContent,
  RootContent,
  TableCell,
  TableRow,
} from "mdast";
import { readTree } from "./syntax";

type Mark = NonNullable<JSONContent["marks"]>[number];

export interface Writing {
  /** Link reference definitions the document holds (identifier → address and title). */
  definitions: Map<string, { url: string; title: string | null }>;
}

/** mdast's identifier of a label: CommonMark's label matching (case-folded, inner white space collapsed). */
function identifierOf(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, " ")
    .replace(/^ | $/g, "")
    .toLowerCase()
    .toUpperCase()
    .toLowerCase();
}

/** The definitions a document holds, read from its atoms kept as written. */
export function documentDefinitions(doc: JSONContent): Writing["definitions"] {
  const found: Writing["definitions"] = new Map();
  const visit = (node: JSONContent) => {
    if (node.type === "markdownBlock") {
      for (const child of readTree(String(node.attrs?.markdown ?? "")).children) {
        if (child.type === "definition" && !found.has(child.identifier)) {
          found.set(child.identifier, { url: child.url, title: child.title ?? null });
        }
      }
      return;
    }
    node.content?.forEach(visit);
  };
  visit(doc);
  return found;
}

/** Kept as written: a writer of verbatim text (its first character is what the text before it sees next). */
const verbatim = (value: string): Html => ({ type: "html", value });

const attr = <T>(node: JSONContent | Mark, name: string): T | undefined => node.attrs?.[name] as T | undefined;

export function blockToTree(node: JSONContent, writing: Writing): RootContent | undefined {
  switch (node.type) {
    case "paragraph":
      return { type: "paragraph", children: phrasing(node.content ?? [], writing) };
    case "heading":
      return {
        type: "heading",
        depth: Math.min(6, Math.max(1, attr<number>(node, "level") ?? 1)) as 1 | 2 | 3 | 4 | 5 | 6,
        children: phrasing(node.content ?? [], writing),
        data: { spelling: { setext: attr<boolean>(node, "setext") === true } },
      };
    case "horizontalRule":
      return { type: "thematicBreak", data: { spelling: { rule: attr<string>(node, "spelling") ?? "---" } } };
    case "blockquote":
      return { type: "blockquote", children: flow(node.content ?? [], writing) };
    case "bulletList":
    case "orderedList":
    case "taskList": {
      const loose = attr<boolean>(node, "loose") === true;
      const ordered = node.type === "orderedList";
      const marker = ordered ? (attr<string>(node, "delimiter") ?? ".") : (attr<string>(node, "marker") ?? "-");
      return {
        type: "list",
        ordered,
        ...(ordered ? { start: attr<number>(node, "start") ?? 1 } : {}),
        spread: loose,
        children: (node.content ?? []).map((item) => listItem(item, loose, writing)),
        data: { spelling: { marker } },
      };
    }
    case "codeBlock": {
      const fence = attr<string>(node, "fence");
      return {
        type: "code",
        lang: attr<string>(node, "language") || null,
        meta: attr<string>(node, "meta") || null,
        value: (node.content ?? []).map((child) => child.text ?? "").join(""),
        ...(fence ? { data: { spelling: { fence } } } : {}),
      };
    }
    case "table":
      return table(node, writing);
    case "rawHtmlBlock":
      return verbatim(String(attr(node, "html") ?? ""));
    case "markdownBlock":
      return verbatim(String(attr(node, "markdown") ?? ""));
    case "image":
      // An image on its own (pasted as a block) is a paragraph holding it.
      return { type: "paragraph", children: phrasing([node], writing) };
    default:
      // Any other block is written as its text, so nothing typed is lost.
      return node.content ? { type: "paragraph", children: phrasing(textblocks(node), writing) } : undefined;
  }
}

const TEXTBLOCKS = new Set(["paragraph", "heading", "codeBlock"]);

/**
 * The running text of every block in `node`, one after another with a space between: what a table cell holds
 * (markdown's cells are one line), or any block markdown has no place for. Nothing typed is lost.
 */
function textblocks(node: JSONContent): JSONContent[] {
  const out: JSONContent[] = [];
  const add = (content: JSONContent[]) => {
    if (!content.length) return;
    if (out.length) out.push({ type: "text", text: " " });
    out.push(...content);
  };
  const visit = (child: JSONContent) => {
    if (child.type === "rawHtmlBlock" || child.type === "markdownBlock") {
      const kept = String(child.attrs?.html ?? child.attrs?.markdown ?? "").replace(/\s*\n\s*/g, " ");
      add([{ type: "rawHtmlInline", attrs: { html: kept } }]);
    } else if (TEXTBLOCKS.has(child.type ?? "")) add(child.content ?? []);
    else child.content?.forEach(visit);
  };
  node.content?.forEach(visit);
  return out;
}

const isEmptyParagraph = (node: JSONContent) => node.type === "paragraph" && !node.content?.length;

function flow(content: JSONContent[], writing: Writing): (BlockContent | DefinitionContent)[] {
  return content
    .filter((child) => !isEmptyParagraph(child))
    .map((child) => blockToTree(child, writing))
    .filter((child): child is BlockContent | DefinitionContent => child !== undefined);
}

function listItem(item: JSONContent, loose: boolean, writing: Writing): ListItem {
  const checked = attr<boolean | null>(item, "checked");
  return {
    type: "listItem",
    spread: loose,
    checked: typeof checked === "boolean" ? checked : null,
    children: flow(item.content ?? [], writing),
  };
}

function table(node: JSONContent, writing: Writing): RootContent {
  const rows = node.content ?? [];
  const header = rows[0]?.content ?? [];
  return {
    type: "table",
    align: header.map((cell) => attr<"left" | "right" | "center">(cell, "align") ?? null),
    children: rows.map((row): TableRow => ({
      type: "tableRow",
      children: header.map((_, column): TableCell => ({
        type: "tableCell",
        children: phrasing(textblocks({ content: [row.content?.[column] ?? {}] }), writing),
      })),
    })),
  };
}

// ── Running text ────────────────────────────────────────────────────────────

const sameMark = (a: Mark, b: Mark) =>
  a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {});

/** Marks that wrap phrasing (inline code is a leaf: its text is its value). */
const wrappingMarks = (node: JSONContent) => (node.marks ?? []).filter((mark) => mark.type !== "code");

function leaf(node: JSONContent, writing: Writing): PhrasingContent | undefined {
  switch (node.type) {
    case "text": {
      const text = node.text ?? "";
      if (!text) return undefined;
      return node.marks?.some((mark) => mark.type === "code")
        ? { type: "inlineCode", value: text }
        : { type: "text", value: text };
    }
    case "hardBreak":
      return { type: "break", data: { spelling: { spaces: attr(node, "spelling") === "spaces" } } };
    case "image": {
      const url = String(attr(node, "src") ?? "");
      const alt = attr<string>(node, "alt") ?? null;
      const title = attr<string>(node, "title") ?? null;
      const ref = usableReference(attr(node, "reference"), url, title, writing, alt ?? "");
      return ref ? { type: "imageReference", ...ref, alt } : { type: "image", url, alt, title };
    }
    case "rawHtmlInline":
      return verbatim(String(attr(node, "html") ?? ""));
    case "markdownInline":
      return verbatim(String(attr(node, "markdown") ?? ""));
    default:
      return node.text ? { type: "text", value: node.text } : undefined;
  }
}

/** How a link or image was written by reference: `[text][label]`, `[label][]` or `[label]`. */
export interface Reference {
  type: string;
  /** The label as the text reads (escapes and entities decoded). */
  label: string;
  /** The definition it names (mdast's identifier: the label as written, normalised). */
  identifier: string;
}

/**
 * Characters a label or link text is written with as they read (nothing to escape or decode), so that written
 * again it still names the same definition.
 */
const PLAIN_LABEL = /^[\p{L}\p{M}\p{N}\p{Zs}\n.,:;'"?/()+=@%-]*$/u;

/**
 * A reference link or image stays one while its label still names a definition with the same address and title,
 * and is plain enough to be written again unchanged; a shortcut or collapsed one only while its text still is
 * its label. Otherwise it is written with its address: the same link.
 */
function usableReference(
  reference: Reference | undefined,
  url: string,
  title: string | null,
  writing: Writing,
  text: string,
): { identifier: string; label: string; referenceType: "full" | "collapsed" | "shortcut" } | undefined {
  if (!reference?.label || !PLAIN_LABEL.test(reference.label)) return undefined;
  const identifier = identifierOf(reference.label);
  const definition = writing.definitions.get(identifier);
  if (identifier !== reference.identifier || !definition) return undefined;
  if (definition.url !== url || (definition.title ?? null) !== title) return undefined;
  const short = reference.type === "collapsed" || reference.type === "shortcut";
  const sameText = PLAIN_LABEL.test(text) && identifierOf(text) === identifier;
  return { identifier, label: reference.label, referenceType: short && sameText ? reference.type : "full" } as {
    identifier: string;
    label: string;
    referenceType: "full" | "collapsed" | "shortcut";
  };
}

function wrapper(mark: Mark, writing: Writing, children: PhrasingContent[]): PhrasingContent {
  switch (mark.type) {
    case "italic":
      return {
        type: "emphasis",
        children,
        data: { spelling: { marker: attr(mark, "delimiter") === "_" ? "_" : "*" } },
      };
    case "bold":
      return { type: "strong", children, data: { spelling: { marker: attr(mark, "delimiter") === "__" ? "_" : "*" } } };
    case "strike":
      return { type: "delete", children };
    case "link": {
      const url = String(attr(mark, "href") ?? "");
      const title = attr<string>(mark, "title") ?? null;
      const text = children.map(plainText).join("");
      const ref = usableReference(attr(mark, "reference"), url, title, writing, text);
      return ref ? { type: "linkReference", ...ref, children } : { type: "link", url, title, children };
    }
    default:
      // A mark markdown has no syntax for wraps nothing.
      return { type: "emphasis", children, data: { spelling: { marker: "*" } } };
  }
}

function plainText(node: PhrasingContent): string {
  if ("value" in node) return node.value;
  if ("children" in node) return node.children.map(plainText).join("");
  return node.type === "image" || node.type === "imageReference" ? (node.alt ?? "") : "";
}

/** Flat inline nodes with marks → nested phrasing. */
export function phrasing(content: JSONContent[], writing: Writing): PhrasingContent[] {
  const root: PhrasingContent[] = [];
  // The open marks, outermost first, each with the children it collects.
  const open: { mark: Mark; children: PhrasingContent[] }[] = [];
  const target = () => open.at(-1)?.children ?? root;
  const close = (depth: number) => {
    while (open.length > depth) {
      const { mark, children } = open.pop()!;
      target().push(wrapper(mark, writing, children));
    }
  };
  content.forEach((node, index) => {
    const marks = wrappingMarks(node);
    let keep = 0;
    while (keep < open.length && marks.some((mark) => sameMark(mark, open[keep]!.mark))) keep++;
    close(keep);
    const runLength = (mark: Mark) => {
      let end = index;
      while (end < content.length && wrappingMarks(content[end]!).some((m) => sameMark(m, mark))) end++;
      return end - index;
    };
    const fresh = marks
      .filter((mark) => !open.some((entry) => sameMark(entry.mark, mark)))
      // A mark that runs further wraps the others; a link wraps the emphasis it holds.
      .map((mark) => ({ mark, run: runLength(mark) }))
      .sort((a, b) => b.run - a.run || Number(b.mark.type === "link") - Number(a.mark.type === "link"));
    for (const { mark } of fresh) open.push({ mark, children: [] });
    const node_ = leaf(node, writing);
    if (node_) target().push(node_);
  });
  close(0);
  return root;
}
