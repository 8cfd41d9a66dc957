/**
 * Direction of the rendered tree, decided at render time by rule rather than page by page:
 *
 *   - code is always LTR (`<pre dir="ltr">`, inline `<code dir="ltr">`); short inline code is marked
 *     `data-short` to stay on one line;
 *   - leaf blocks, the ones holding inline text (paragraphs, headings, items and cells of text, captions), get
 *     `dir="auto"`: the browser takes each one's direction from its first strong letter, and runs of the other
 *     direction inside are isolated in <bdi> (which the browser skips there), so that letter is the block's own,
 *     the one the rule shared with the editor gives (~/lib/text-direction). A leaf block without letters (a line
 *     of digits) gets the direction of what holds it, as in the editor, where `dir="auto"` would make it LTR;
 *   - containers (quotes, lists, items holding blocks, tables and their rows, details, definition lists,
 *     figures) get an explicit direction. `dir="auto"` on a container skips its children, which carry their own
 *     `dir`, finds no letter and resolves to LTR, putting a Persian quote's rule and a Persian list's markers on
 *     the wrong side. A container reads as its first block with letters reads (code not counted); one without
 *     letters takes the page's direction;
 *   - a table reads as its text as a whole does, with the rule a block's text follows, since its columns run one
 *     way for every row; a cell without letters (numbers, punctuation, code, nothing) takes the table's
 *     direction, where `dir="auto"` would make it LTR and align it against the column.
 *
 * A direction the writer gave in HTML is kept, and runs are isolated against it.
 */
import type { Element, ElementContent, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { INLINE_TAGS, isolateRuns, readingDirection, type Dir } from "./bidi-isolation";

/** Inline code up to this many characters never wraps. */
export const SHORT_CODE = 30;

/** Blocks of inline text: `dir="auto"` and <bdi> wrapping inside. One that holds blocks is a container. */
export const LEAF_BLOCKS = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "td",
  "th",
  "figcaption",
  "summary",
  "dt",
  "dd",
  "caption",
]);

/** Blocks of blocks: an explicit direction from their content. */
export const CONTAINER_BLOCKS = new Set(["blockquote", "ul", "ol", "details", "dl", "figure", "table"]);

/** Parts of a table: the table's direction. */
const TABLE_PARTS = new Set(["thead", "tbody", "tfoot", "tr"]);

export function rehypeDirection(localeDir: Dir) {
  return (tree: Root): undefined => {
    markCode(tree);
    for (const child of tree.children) if (child.type === "element") direct(child, localeDir, null, localeDir);
  };
}

function markCode(tree: Root): void {
  visit(tree, "element", (node, _index, parent) => {
    if (node.tagName === "pre") {
      node.properties.dir = "ltr";
      if (typeof node.properties.dataLanguage !== "string") node.properties.dataLanguage = "plaintext";
      return "skip";
    }
    if (node.tagName === "code") {
      if (!(parent?.type === "element" && parent.tagName === "pre")) {
        node.properties.dir = "ltr";
        // A short span ("git bisect") kept on one line: broken across a right-to-left line, its halves would
        // land at opposite ends. Longer spans may wrap (their background continues on each line).
        if (toString(node).length <= SHORT_CODE) node.properties.dataShort = "";
      }
      return "skip";
    }
  });
}

function isCode(node: Element): boolean {
  return node.tagName === "pre" || node.tagName === "code";
}

function isInline(node: ElementContent): boolean {
  return node.type !== "element" || INLINE_TAGS.has(node.tagName) || node.tagName === "br" || node.tagName === "wbr";
}

function givenDir(node: Element): Dir | "auto" | undefined {
  const dir = node.properties.dir;
  return dir === "ltr" || dir === "rtl" || dir === "auto" ? dir : undefined;
}

/**
 * Sets the directions of `node` and its descendants, from the top down (a container's direction is read from
 * its content before anything inside it is wrapped). `tableDir` is the direction of the table `node` is in,
 * `around` that of the block holding it (the page's at the top).
 */
function direct(node: Element, localeDir: Dir, tableDir: Dir | null, around: Dir): void {
  if (isCode(node)) return;
  const tag = node.tagName;
  const given = givenDir(node);
  const holdsBlocks = !node.children.every(isInline);
  let dir: Dir | "auto" | undefined = given;
  let inTable = tableDir;

  if (tag === "table") {
    const own = tableDirection(node, localeDir) ?? localeDir;
    dir = given ?? own;
    inTable = dir === "auto" ? own : dir;
  } else if (TABLE_PARTS.has(tag)) {
    dir = given ?? tableDir ?? contentDirection(node, localeDir) ?? localeDir;
  } else if ((tag === "td" || tag === "th") && !holdsBlocks) {
    const hasLetters = readingDirection(node.children, localeDir) !== null;
    dir = given ?? (hasLetters ? "auto" : (tableDir ?? localeDir));
  } else if (CONTAINER_BLOCKS.has(tag) || (LEAF_BLOCKS.has(tag) && holdsBlocks)) {
    dir = given ?? contentDirection(node, localeDir) ?? tableDir ?? around;
  } else if (LEAF_BLOCKS.has(tag)) {
    dir = given ?? (readingDirection(node.children, localeDir) !== null ? "auto" : around);
  }
  if (dir !== undefined) node.properties.dir = dir;

  if (LEAF_BLOCKS.has(tag) || CONTAINER_BLOCKS.has(tag)) {
    // Runs go against the block's direction: the one it was given, or for `auto` the one its text reads in
    // (which the browser then finds, the runs of the other direction being isolated).
    const base = dir === "ltr" || dir === "rtl" ? dir : readingDirection(node.children, localeDir);
    if (base) isolateRuns(node, base);
  }
  const inside = dir === "ltr" || dir === "rtl" ? dir : (readingDirection(node.children, localeDir) ?? around);
  for (const child of node.children) if (child.type === "element") direct(child, localeDir, inTable, inside);
}

/**
 * The direction of a container: that of its first block with letters, as that block reads (inline content
 * between blocks counts as a block; a table as a whole). Null when it has no letters.
 */
function contentDirection(node: Element, localeDir: Dir): Dir | null {
  let inline: ElementContent[] = [];
  const flush = () => {
    const dir = readingDirection(inline, localeDir);
    inline = [];
    return dir;
  };
  for (const child of node.children) {
    if (isInline(child)) {
      inline.push(child);
      continue;
    }
    const before = flush();
    if (before) return before;
    if (child.type !== "element" || isCode(child)) continue;
    const dir =
      child.tagName === "table" ? tableDirection(child, localeDir) : contentDirection(child, localeDir);
    if (dir) {
      const given = givenDir(child);
      return given === "ltr" || given === "rtl" ? given : dir;
    }
  }
  return flush();
}

/** A table reads as all its text does (code not counted). Null when it has no letters. */
function tableDirection(table: Element, localeDir: Dir): Dir | null {
  const text: ElementContent[] = [];
  const collect = (node: Element) => {
    for (const child of node.children) {
      if (isInline(child)) text.push(child);
      else if (child.type === "element" && !isCode(child)) collect(child);
    }
  };
  collect(table);
  return readingDirection(text, localeDir);
}
