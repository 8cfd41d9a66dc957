/**
 * An old site's HTML → markdown that the site's renderer shows the same way: the HTML is parsed as a browser
 * would (hast-util-from-html), turned into a markdown tree and written as the editor writes markdown
 * (`writeTree`), which escapes only what would otherwise read differently. Text is never changed: Persian and
 * Arabic letters, ZWNJ, digits of every script and punctuation pass as they are; only HTML's own whitespace
 * (runs of spaces and line ends outside `<pre>`) is collapsed, as a browser collapses it.
 *
 * What markdown says: paragraphs, headings, lists (nested, numbered from their start), quotes, code (with the
 * language of `class="language-x"`), simple tables (one header row of `<th>`, one line per cell), links,
 * images, line breaks, bold, italic and strikethrough. A figure's caption is an italic line under what it
 * captions, so it stays editable as text. What markdown cannot say (a table with merged cells, a definition
 * list, `<sup>`) is kept as HTML, which the site sanitises like any page. Scripts and styles are dropped, with a
 * warning. An embedded frame, video or audio becomes a link to its address.
 *
 * Bounds: HTML nested deeper than `MAX_HTML_DEPTH` is not converted but kept whole as the text of a code block
 * (nothing lost, nothing run), with a warning; lists and quotes deeper than the renderer's own limit are kept
 * as HTML.
 */
import type { Element, ElementContent, Root as HastRoot, RootContent as HastRootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";
import type {
  BlockContent,
  Html,
  Link,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root,
  TableCell,
  TableRow,
} from "mdast";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { MAX_NESTING } from "~/content/markdown/limits";
import { writeTree } from "~/editor/markdown/syntax";
import type { MessageKey } from "~/i18n/translate";
import { VOID_ELEMENTS } from "~/lib/void-elements";

/** HTML nested deeper than this (elements inside elements) is kept as the text of a code block. */
export const MAX_HTML_DEPTH = 200;

export interface ContentWarning {
  message: MessageKey;
  values?: Record<string, string | number>;
}

export interface ConvertedContent {
  markdown: string;
  /** Every image address the markdown uses, as written in it, each once, in order. */
  images: string[];
  warnings: ContentWarning[];
}

interface Context {
  images: Set<string>;
  warnings: Map<string, ContentWarning>;
  /** Lists and quotes open around the current node. */
  nesting: number;
}

/** Elements a paragraph is made of; any other element is a block of its own. */
const INLINE = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "big",
  "br",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "font",
  "i",
  "img",
  "ins",
  "kbd",
  "label",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
  "wbr",
]);

/** Inline elements markdown has no syntax for: kept as their tags around converted content. */
const INLINE_AS_HTML = new Set([
  "abbr",
  "bdi",
  "bdo",
  "cite",
  "dfn",
  "ins",
  "mark",
  "q",
  "small",
  "sub",
  "sup",
  "time",
  "u",
  "var",
]);

/** Containers whose content simply continues the flow around them. */
const TRANSPARENT_BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "body",
  "center",
  "div",
  "fieldset",
  "footer",
  "form",
  "header",
  "hgroup",
  "html",
  "li",
  "main",
  "nav",
  "section",
]);

/** Dropped with what they hold: code that would run, or parts of a document's head. */
const DROPPED = new Set(["script", "style", "noscript", "template", "head", "title", "meta", "link", "base"]);

/** Embedded content: a link to its address stands for it. */
const EMBEDDED = new Set(["iframe", "embed", "object", "video", "audio"]);

const HTML_SPACE = /[ \t\n\r\f]+/g;

/** Converts one item's HTML. */
export function htmlToMarkdown(html: string): ConvertedContent {
  const ctx: Context = { images: new Set(), warnings: new Map(), nesting: 0 };
  const result = (markdown: string): ConvertedContent => ({
    markdown,
    images: [...ctx.images],
    warnings: [...ctx.warnings.values()],
  });
  if (!html.trim()) return result("");
  if (htmlDepth(html, MAX_HTML_DEPTH) > MAX_HTML_DEPTH) return result(keptAsSource(html, ctx));
  try {
    const tree: HastRoot = fromHtml(html, { fragment: true });
    const root: Root = { type: "root", children: flow(tree.children, ctx) };
    return result(writeTree(root));
  } catch (error) {
    // A shape the depth estimate did not foresee: the same answer as for HTML past the depth limit.
    if (!(error instanceof RangeError)) throw error;
    ctx.images.clear();
    return result(keptAsSource(html, ctx));
  }
}

/** HTML too deep to convert, kept as written in a code block that shows it as text. */
function keptAsSource(html: string, ctx: Context): string {
  warn(ctx, { message: "import.warn.contentTooDeep", values: { max: MAX_HTML_DEPTH } });
  let longestRun = 0;
  for (const match of html.matchAll(/`+/g)) longestRun = Math.max(longestRun, match[0].length);
  const fence = "`".repeat(Math.max(3, longestRun + 1));
  return `${fence}html\n${html.replace(/\n$/, "")}\n${fence}`;
}

/**
 * How deep the elements of `html` nest, estimated over its tags the way a browser closes them: an end tag closes
 * the innermost open element of its name (and those inside it) and is ignored when none is open; `<x/>` opens an
 * element unless it is void or inside SVG or MathML, as in HTML. The count stops once it passes `stopAt`. A tag
 * whose attributes run past 4,000 characters is not seen: the conversion catches a stack overflow all the same.
 */
export function htmlDepth(html: string, stopAt = Number.POSITIVE_INFINITY): number {
  const open: string[] = [];
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][^\s/>]*)[^>]{0,4000}?(\/?)>/g)) {
    const name = match[2]!.toLowerCase();
    if (match[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    if (VOID_ELEMENTS.has(name)) continue;
    if (match[3] && open.some((one) => one === "svg" || one === "math")) continue;
    closeImplied(open, name);
    open.push(name);
    if (open.length > deepest) deepest = open.length;
    if (deepest > stopAt) break;
  }
  return deepest;
}

/** Elements whose start closes an open one without an end tag, up to the element that holds them both. */
const IMPLIED_ENDS: Record<string, { closes: string[]; within: string[] }> = {
  li: { closes: ["li"], within: ["ul", "ol", "menu"] },
  dt: { closes: ["dt", "dd"], within: ["dl"] },
  dd: { closes: ["dt", "dd"], within: ["dl"] },
  tr: { closes: ["tr", "td", "th"], within: ["table", "thead", "tbody", "tfoot"] },
  td: { closes: ["td", "th"], within: ["tr", "table"] },
  th: { closes: ["td", "th"], within: ["tr", "table"] },
  thead: { closes: ["thead", "tbody", "tfoot", "tr", "td", "th"], within: ["table"] },
  tbody: { closes: ["thead", "tbody", "tfoot", "tr", "td", "th"], within: ["table"] },
  tfoot: { closes: ["thead", "tbody", "tfoot", "tr", "td", "th"], within: ["table"] },
  option: { closes: ["option"], within: ["select", "datalist"] },
};

/** Blocks whose start ends an open paragraph. */
const ENDS_PARAGRAPH = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "details",
  "div",
  "dl",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "table",
  "ul",
]);

function closeImplied(open: string[], name: string): void {
  const rule = IMPLIED_ENDS[name];
  const closes = rule ? rule.closes : ENDS_PARAGRAPH.has(name) ? ["p"] : null;
  if (!closes) return;
  const within = rule ? rule.within : ["table", "td", "th", "button"];
  let closeFrom = -1;
  for (let at = open.length - 1; at >= 0 && !within.includes(open[at]!); at--) {
    if (closes.includes(open[at]!)) closeFrom = at;
  }
  if (closeFrom >= 0) open.length = closeFrom;
}

function warn(ctx: Context, warning: ContentWarning): void {
  ctx.warnings.set(`${warning.message}:${JSON.stringify(warning.values ?? {})}`, warning);
}

type HastNode = ElementContent | HastRootContent;

function isInline(node: HastNode): boolean {
  return node.type === "text" || (node.type === "element" && INLINE.has(node.tagName));
}

/** Block content: runs of inline nodes become paragraphs, other elements their blocks. */
function flow(nodes: readonly HastNode[], ctx: Context): BlockContent[] {
  const blocks: BlockContent[] = [];
  let run: HastNode[] = [];
  const endRun = () => {
    const made = paragraph(phrasing(run, ctx));
    if (made) blocks.push(made);
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) run.push(node);
    else if (node.type === "element") {
      endRun();
      blocks.push(...block(node, ctx));
    }
  }
  endRun();
  return blocks;
}

function block(element: Element, ctx: Context): BlockContent[] {
  const name = element.tagName;
  const heading = /^h([1-6])$/.exec(name);
  if (heading) {
    const children = tidy(phrasing(element.children, ctx));
    return children ? [{ type: "heading", depth: Number(heading[1]) as 1, children }] : [];
  }
  switch (name) {
    case "p": {
      const made = paragraph(phrasing(element.children, ctx));
      return made ? [made] : [];
    }
    case "ul":
    case "ol":
      return [list(element, ctx)];
    case "blockquote":
      if (ctx.nesting >= MAX_NESTING) return [rawBlock(element, ctx)];
      return [{ type: "blockquote", children: flow(element.children, { ...ctx, nesting: ctx.nesting + 1 }) }];
    case "pre":
      return [codeBlock(element)];
    case "hr":
      return [{ type: "thematicBreak" }];
    case "table":
      return [table(element, ctx)];
    case "figure":
      return figure(element, ctx);
    case "figcaption":
      return caption(element, ctx);
    default:
      break;
  }
  if (DROPPED.has(name)) {
    if (name === "script" || name === "style" || name === "noscript" || name === "template")
      warn(ctx, { message: "import.warn.scriptDropped" });
    return [];
  }
  if (EMBEDDED.has(name)) {
    const made = paragraph(embedded(element, ctx));
    return made ? [made] : [];
  }
  if (TRANSPARENT_BLOCKS.has(name)) return flow(element.children, ctx);
  return [rawBlock(element, ctx)];
}

function classesOf(element: Element): string[] {
  const value = element.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function list(element: Element, ctx: Context): BlockContent {
  if (ctx.nesting >= MAX_NESTING) return rawBlock(element, ctx);
  const inner: Context = { ...ctx, nesting: ctx.nesting + 1 };
  const items: ListItem[] = [];
  let loose: HastNode[] = [];
  const endLoose = () => {
    if (loose.some((node) => node.type === "element" || (node.type === "text" && node.value.trim()))) {
      items.push({ type: "listItem", spread: false, children: flow(loose, inner) });
    }
    loose = [];
  };
  for (const child of element.children) {
    if (child.type === "element" && child.tagName === "li") {
      endLoose();
      items.push({ type: "listItem", spread: false, children: flow(child.children, inner) });
    } else if (child.type === "element" && (child.tagName === "ul" || child.tagName === "ol") && items.length) {
      // A list written directly inside a list (not inside an item) belongs to the item before it, as browsers show it.
      endLoose();
      items.at(-1)!.children.push(list(child, inner) as List);
    } else loose.push(child);
  }
  endLoose();
  const ordered = element.tagName === "ol";
  const start = Number.parseInt(String(element.properties.start ?? "1"), 10);
  return {
    type: "list",
    ordered,
    start: ordered ? (Number.isFinite(start) && start >= 0 ? start : 1) : null,
    spread: false,
    children: items,
  };
}

function codeBlock(element: Element): BlockContent {
  const code = element.children.find((child): child is Element => child.type === "element" && child.tagName === "code");
  const language = [...classesOf(element), ...(code ? classesOf(code) : [])]
    .map((name) => /^(?:language|lang)-([\w#+.-]+)$/.exec(name)?.[1])
    .find(Boolean);
  const value = toString(element).replace(/\r\n?/g, "\n").replace(/\n$/, "");
  return { type: "code", lang: language ?? null, meta: null, value };
}

/** A caption: its text in italics, on a line of its own under what it captions. */
function caption(element: Element, ctx: Context): BlockContent[] {
  const children = tidy(phrasing(element.children, ctx));
  return children ? [{ type: "paragraph", children: [{ type: "emphasis", children }] }] : [];
}

function figure(element: Element, ctx: Context): BlockContent[] {
  const captions = element.children.filter(
    (child): child is Element => child.type === "element" && child.tagName === "figcaption",
  );
  const rest = element.children.filter((child) => !captions.includes(child as Element));
  const blocks: BlockContent[] = [];
  // An embed block of the editor: the address it embeds, as the text of its wrapper.
  const url = classesOf(element).some((name) => name === "wp-block-embed" || name.startsWith("wp-block-embed-"))
    ? toString({ type: "root", children: rest }).trim()
    : "";
  if (/^https?:\/\/\S+$/.test(url)) blocks.push(linkParagraph(url));
  else blocks.push(...flow(rest, ctx));
  for (const one of captions) blocks.push(...caption(one, ctx));
  return blocks;
}

function linkParagraph(url: string): Paragraph {
  return {
    type: "paragraph",
    children: [{ type: "link", url, title: null, children: [{ type: "text", value: url }] }],
  };
}

function embedded(element: Element, ctx: Context): PhrasingContent[] {
  const source = element.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "source",
  );
  const address = [element.properties.src, element.properties.data, source?.properties.src].find(
    (value): value is string => typeof value === "string" && value.trim() !== "",
  );
  if (!address) return element.tagName === "object" ? phrasing(element.children, ctx) : [];
  return [{ type: "link", url: address.trim(), title: null, children: [{ type: "text", value: address.trim() }] }];
}

/** A simple table is GFM's: one header row of `<th>`, cells of one line of text without merged cells. */
function table(element: Element, ctx: Context): BlockContent {
  const rows: Element[] = [];
  const collect = (parent: Element) => {
    for (const child of parent.children) {
      if (child.type !== "element") continue;
      if (child.tagName === "tr") rows.push(child);
      else if (child.tagName === "thead" || child.tagName === "tbody" || child.tagName === "tfoot") collect(child);
    }
  };
  collect(element);
  const cellsOf = (row: Element) =>
    row.children.filter(
      (child): child is Element => child.type === "element" && (child.tagName === "td" || child.tagName === "th"),
    );
  const width = rows[0] ? cellsOf(rows[0]).length : 0;
  // The first row is the header, all `<th>`; the others all `<td>` (GFM has no header cell in its body).
  const simple =
    width > 0 &&
    !element.children.some((child) => child.type === "element" && child.tagName === "caption") &&
    rows.every((row, index) => {
      const cells = cellsOf(row);
      return (
        cells.length === width &&
        cells.every((cell) => (cell.tagName === "th") === (index === 0)) &&
        cells.every(simpleCell)
      );
    });
  if (!simple) return rawBlock(element, ctx);
  const align = cellsOf(rows[0]!).map((cell) => {
    const written = String(
      cell.properties.align ?? /text-align:\s*(\w+)/.exec(String(cell.properties.style ?? ""))?.[1] ?? "",
    );
    return written === "left" || written === "right" || written === "center" ? written : null;
  });
  const mdRows: TableRow[] = rows.map((row) => ({
    type: "tableRow",
    children: cellsOf(row).map((cell): TableCell => ({
      type: "tableCell",
      children: tidy(phrasing(cell.children, ctx)) ?? [],
    })),
  }));
  return { type: "table", align, children: mdRows };
}

function simpleCell(cell: Element): boolean {
  const span = (value: unknown) => value === undefined || Number(value) === 1;
  if (!span(cell.properties.colSpan) || !span(cell.properties.rowSpan)) return false;
  const blocks = cell.children.filter((child) => child.type === "element" && !INLINE.has(child.tagName));
  if (blocks.length > 1) return false;
  if (blocks.length === 1 && ((blocks[0] as Element).tagName !== "p" || cell.children.some(isInlineContent)))
    return false;
  let plain = true;
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (child.type !== "element") continue;
      if (child.tagName === "br" || (!INLINE.has(child.tagName) && child.tagName !== "p")) plain = false;
      else visit(child);
    }
  };
  visit(cell);
  return plain;
}

function isInlineContent(node: ElementContent): boolean {
  return (node.type === "text" && node.value.trim() !== "") || (node.type === "element" && INLINE.has(node.tagName));
}

/** Inline content. Whitespace is collapsed as HTML collapses it; the paragraph trims its ends (`tidy`). */
function phrasing(nodes: readonly HastNode[], ctx: Context): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (node.type === "text") out.push({ type: "text", value: node.value.replace(HTML_SPACE, " ") });
    else if (node.type === "element") out.push(...inline(node, ctx));
  }
  return out;
}

function inline(element: Element, ctx: Context): PhrasingContent[] {
  const name = element.tagName;
  switch (name) {
    case "br":
      return [{ type: "break" }];
    case "wbr":
      return [];
    case "strong":
    case "b":
      return wrapped("strong", phrasing(element.children, ctx));
    case "em":
    case "i":
      return wrapped("emphasis", phrasing(element.children, ctx));
    case "s":
    case "del":
    case "strike":
      return wrapped("delete", phrasing(element.children, ctx));
    case "code":
    case "kbd":
    case "samp":
    case "tt": {
      const value = toString(element).replace(HTML_SPACE, " ");
      return value.trim() ? [{ type: "inlineCode", value }] : value ? [{ type: "text", value }] : [];
    }
    case "a": {
      const href = element.properties.href;
      const children = phrasing(element.children, ctx);
      if (typeof href !== "string" || !href.trim()) return children;
      const title = typeof element.properties.title === "string" ? element.properties.title : null;
      const inner = tidy(children);
      const link: Link = { type: "link", url: href.trim(), title, children: inner ?? [{ type: "text", value: href }] };
      return [link];
    }
    case "img":
      return image(element, ctx);
    default:
      break;
  }
  if (DROPPED.has(name)) {
    if (name === "script" || name === "style" || name === "noscript" || name === "template")
      warn(ctx, { message: "import.warn.scriptDropped" });
    return [];
  }
  if (EMBEDDED.has(name)) return embedded(element, ctx);
  if (INLINE_AS_HTML.has(name)) {
    const [open, close] = tagsOf(element);
    return [{ type: "html", value: open }, ...phrasing(element.children, ctx), { type: "html", value: close }];
  }
  // A block inside a paragraph (a `<div>` inside a link): its text joins the line, set apart by a space.
  const children = phrasing(element.children, ctx);
  return INLINE.has(name) ? children : [{ type: "text", value: " " }, ...children, { type: "text", value: " " }];
}

function image(element: Element, ctx: Context): PhrasingContent[] {
  const { src, alt, title } = element.properties;
  const lazy = element.properties.dataSrc;
  // Lazy-loading plugins put a placeholder in `src` and the picture in `data-src`.
  const address =
    typeof lazy === "string" && lazy.trim() && (typeof src !== "string" || src.startsWith("data:")) ? lazy : src;
  if (typeof address !== "string" || !address.trim()) return [];
  const url = address.trim();
  ctx.images.add(url);
  return [
    {
      type: "image",
      url,
      alt: typeof alt === "string" ? alt : "",
      title: typeof title === "string" && title ? title : null,
    },
  ];
}

/** Strong, emphasis or strikethrough around `children`, with the spaces at its ends moved outside it. */
function wrapped(type: "strong" | "emphasis" | "delete", children: PhrasingContent[]): PhrasingContent[] {
  const first = children[0];
  const last = children.at(-1);
  const lead = first?.type === "text" && /^ /.test(first.value);
  const trail = last?.type === "text" && / $/.test(last.value);
  const inner = tidy(children);
  const space: PhrasingContent = { type: "text", value: " " };
  if (!inner) return lead || trail ? [space] : [];
  return [...(lead ? [space] : []), { type, children: inner } as PhrasingContent, ...(trail ? [space] : [])];
}

/**
 * Inline content as a paragraph holds it: neighbouring texts joined, spaces at the ends and around line breaks
 * trimmed, line breaks at the ends dropped. Null when nothing is left but whitespace.
 */
function tidy(children: PhrasingContent[]): PhrasingContent[] | null {
  const joined: PhrasingContent[] = [];
  for (const child of children) {
    const previous = joined.at(-1);
    if (child.type === "text" && previous?.type === "text")
      previous.value = (previous.value + child.value).replace(/ {2,}/g, " ");
    else joined.push(child.type === "text" ? { ...child } : child);
  }
  for (let i = 0; i < joined.length; i++) {
    const node = joined[i]!;
    if (node.type !== "text") continue;
    const before = joined[i - 1];
    const after = joined[i + 1];
    if (!before || before.type === "break") node.value = node.value.replace(/^ +/, "");
    if (!after || after.type === "break") node.value = node.value.replace(/ +$/, "");
  }
  const kept = joined.filter((node) => node.type !== "text" || node.value !== "");
  while (kept[0]?.type === "break") kept.shift();
  while (kept.at(-1)?.type === "break") kept.pop();
  const visible = kept.some((node) => node.type !== "text" || /[^\s\u00a0]/.test(node.value));
  return visible ? kept : null;
}

function paragraph(children: PhrasingContent[]): Paragraph | null {
  const kept = tidy(children);
  return kept ? { type: "paragraph", children: kept } : null;
}

const htmlWriter = unified().use(rehypeStringify).freeze();

/** The pictures an element kept as HTML shows, listed with the others. */
function listImages(element: Element, ctx: Context): void {
  for (const child of element.children) {
    if (child.type !== "element") continue;
    if (child.tagName === "img" && typeof child.properties.src === "string" && child.properties.src.trim()) {
      ctx.images.add(child.properties.src.trim());
    }
    listImages(child, ctx);
  }
}

/**
 * An element as HTML, its whitespace collapsed outside `<pre>`, with no blank line (which would end the block);
 * the pictures in it are listed.
 */
function rawBlock(element: Element, ctx: Context): Html {
  listImages(element, ctx);
  const written = htmlWriter.stringify({ type: "root", children: [collapsed(element, false)] });
  return { type: "html", value: written.replace(/\n(?=[ \t]*\n)/g, "&#10;") };
}

function collapsed<T extends ElementContent>(node: T, inPre: boolean): T {
  if (node.type === "text") return (inPre ? node : { ...node, value: node.value.replace(HTML_SPACE, " ") }) as T;
  if (node.type !== "element") return node;
  const pre = inPre || node.tagName === "pre" || node.tagName === "textarea";
  return { ...node, children: node.children.map((child) => collapsed(child, pre)) } as T;
}

/** The start and end tags of an inline element, as HTML. */
function tagsOf(element: Element): [string, string] {
  const written = htmlWriter.stringify({ type: "root", children: [{ ...element, children: [] }] });
  const end = `</${element.tagName}>`;
  return [written.slice(0, written.length - end.length), end];
}
