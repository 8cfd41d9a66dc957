/**
 * A page's markdown as the editor's document and back, changing nothing the writer did not change.
 *
 * Reading keeps, on each top-level block, the markdown it was read from, what stood before and after it, and the
 * block's content as read. Writing puts back the markdown of every block whose content is still what was read,
 * with the text between neighbours as it was, and writes only new or changed blocks (./syntax.ts escapes what
 * markdown needs, so a written block reads as the editor shows it). A page opened and saved is the same bytes;
 * an edit changes the bytes of the blocks it touched and no others.
 *
 * Where blocks meet in a new order, the markdown is read again to check that each still reads as itself (an
 * unclosed code fence at the end of a page would take in a paragraph added after it; two lists of the same marker
 * side by side would become one): an unclosed fence or HTML block is closed after its text, and two blocks that
 * would still run together are parted by an empty HTML comment, as the markdown writer itself does.
 */
import type { JSONContent } from "@tiptap/core";
import type { RootContent } from "mdast";
import { contentOf } from "./block-content";
import { treeToBlocks } from "./from-mdast";
import { readTree, writeTree } from "./syntax";
import { blockToTree, documentDefinitions, type Reference, type Writing } from "./to-mdast";

/** Where a top-level block came from (the `source` attribute; never rendered). */
export interface BlockSource {
  /** The block's markdown exactly as written. */
  markdown: string;
  /** What stood between the block before it (or the start) and this one. */
  before: string;
  /** What stood between this block and the next (or the end). */
  after: string;
  /** The reading the block came from, and its place in it. */
  read: string;
  index: number;
  last: boolean;
  /**
   * The block's content as read: while it is unchanged, `markdown` is written back. The page's data leaves it
   * out, and the browser puts it back (./block-content.ts).
   */
  content: string;
}

// A reading's name is unique to its reader (a server's thread or the browser), so blocks of two readings put in
// one document (one read on the server, one in the browser) are never taken for neighbours.
const reader = Math.random().toString(36).slice(2, 10);
let readings = 0;

/**
 * The editor's document for `markdown`. `normalize` is the editor schema's own reading of a document
 * (`schema.nodeFromJSON(json).toJSON()`), so that a block's content as read is compared with the same JSON the
 * editor gives back.
 */
export function readDocument(markdown: string, normalize: (doc: JSONContent) => JSONContent): JSONContent {
  const tree = readTree(markdown);
  const blocks = treeToBlocks(tree, markdown);
  const doc = normalize({ type: "doc", content: blocks.length ? blocks : [{ type: "paragraph" }] });
  const read = `${reader}-${++readings}`;
  if (!blocks.length) {
    // A page of white space only: an empty paragraph that writes that white space back while nothing is typed.
    const [empty] = doc.content!;
    const source: BlockSource = {
      markdown: "",
      before: markdown,
      after: "",
      read,
      index: 0,
      last: true,
      content: contentOf(empty!),
    };
    return { ...doc, content: [{ ...empty, attrs: { ...empty!.attrs, source } }] };
  }
  const nodes = tree.children;
  const end = (i: number) => (i >= 0 ? nodes[i]!.position!.end.offset! : 0);
  // A block starts where its own text does: a setext heading's place also covers the definitions read from the
  // top of its paragraph, which are blocks of their own before it.
  const start = (i: number) => {
    if (i >= nodes.length) return markdown.length;
    let at = Math.max(nodes[i]!.position!.start.offset!, end(i - 1));
    while (/[\n\r]/.test(markdown[at] ?? "")) at++;
    return at;
  };
  doc.content = doc.content!.map((block, index): JSONContent => {
    const source: BlockSource = {
      markdown: markdown.slice(start(index), end(index)),
      before: markdown.slice(end(index - 1), start(index)),
      after: markdown.slice(end(index), start(index + 1)),
      read,
      index,
      last: index === nodes.length - 1,
      content: contentOf(block),
    };
    return { ...block, attrs: { ...block.attrs, source } };
  });
  return doc;
}

/** Whether every reference link and image in `node` still finds the definition it was read with. */
function referencesHold(node: JSONContent, writing: Writing): boolean {
  const holds = (reference: unknown, url: unknown, title: unknown) => {
    if (!reference) return true;
    const definition = writing.definitions.get((reference as Reference).identifier);
    return definition !== undefined && definition.url === url && (definition.title ?? null) === (title ?? null);
  };
  if (node.type === "image" && !holds(node.attrs?.reference, node.attrs?.src, node.attrs?.title)) return false;
  for (const mark of node.marks ?? []) {
    if (mark.type === "link" && !holds(mark.attrs?.reference, mark.attrs?.href, mark.attrs?.title)) return false;
  }
  return (node.content ?? []).every((child) => referencesHold(child, writing));
}

/**
 * The source of a block whose content is still what was read, and whose reference links still find their
 * definitions (a definition removed elsewhere would turn them into text).
 */
function unchanged(block: JSONContent, writing: Writing): BlockSource | undefined {
  const source = block.attrs?.source as BlockSource | null | undefined;
  return source && source.content === contentOf(block) && referencesHold(block, writing) ? source : undefined;
}

interface Piece {
  text: string;
  source?: BlockSource;
}

const lineEnds = (text: string) => text.split("\n").length - 1;

/** After a kept block, before a block that was not its neighbour: its own line ends, then a blank line. */
function separatorAfter(after: string): string {
  let text = after.includes("\n") ? after.slice(0, after.lastIndexOf("\n") + 1) : after;
  while (lineEnds(text) < 2) text += "\n";
  return text;
}

/** Before a kept block, after a block that was not its neighbour: a blank line, then its own indentation. */
function separatorBefore(before: string): string {
  let text = before;
  while (lineEnds(text) < 2) text = `\n${text}`;
  return text;
}

/** Top-level constructs of `markdown`, by type and place. */
function outline(markdown: string, shift = 0): string[] {
  return readTree(markdown).children.map(
    (node: RootContent) => `${node.type} ${node.position!.start.offset! + shift}-${node.position!.end.offset! + shift}`,
  );
}

/** Whether `a` and `b`, with `separator` between them, read as they read alone (and the separator as itself). */
function readApart(a: string, separator: string, b: string): boolean {
  const together = outline(a + separator + b);
  const apart = [...outline(a), ...outline(separator, a.length), ...outline(b, a.length + separator.length)];
  return together.length === apart.length && together.every((line, i) => line === apart[i]);
}

/** What ends a block that runs to the end of the page when nothing ends it (a code fence, some HTML). */
function closerOf(markdown: string): string | undefined {
  const fence = /^ {0,3}(`{3,}|~{3,})/.exec(markdown)?.[1];
  if (fence) return `\n${fence}`;
  const html = /^ {0,3}<(?:(script|pre|style|textarea)\b|(!--)|(\?)|(!\[CDATA\[)|(![A-Za-z]))/i.exec(markdown);
  if (!html) return undefined;
  if (html[1]) return `\n</${html[1]}>`;
  return `\n${html[2] ? "-->" : html[3] ? "?>" : html[4] ? "]]>" : ">"}`;
}

const PARTING = "<!---->";

/** The document's markdown: kept blocks as written, the others written anew. */
export function writeDocument(doc: JSONContent): string {
  const writing: Writing = { definitions: documentDefinitions(doc) };
  const pieces: Piece[] = [];
  let run: JSONContent[] = [];
  const flush = () => {
    const children = run.map((block) => blockToTree(block, writing)).filter((node) => node !== undefined);
    run = [];
    const text = children.length ? writeTree({ type: "root", children }) : "";
    if (text) pieces.push({ text });
  };
  for (const block of doc.content ?? []) {
    const source = unchanged(block, writing);
    if (!source) {
      run.push(block);
      continue;
    }
    flush();
    pieces.push({ text: source.markdown, source });
  }
  flush();
  if (!pieces.length) return "";

  const first = pieces[0]!;
  let out = first.source?.index === 0 ? first.source.before : "";
  let previous = first;
  for (const piece of pieces.slice(1)) {
    const a = previous.source;
    const b = piece.source;
    if (a && b && a.read === b.read && b.index === a.index + 1) {
      out += previous.text + b.before;
    } else {
      let separator = a ? separatorAfter(a.after) : b ? separatorBefore(b.before) : "\n\n";
      if (!readApart(previous.text, separator, piece.text)) {
        const closer = a ? closerOf(previous.text) : undefined;
        if (closer && readApart(previous.text + closer, separator, piece.text)) previous.text += closer;
        else separator = `${separator}${PARTING}\n\n`;
        if (!readApart(previous.text, separator, piece.text)) {
          return writeTree({ type: "root", children: all(doc, writing) });
        }
      }
      out += previous.text + separator;
    }
    previous = piece;
  }
  out += previous.text;
  if (previous.source?.last) out += previous.source.after;
  return out;
}

/** Every block written anew: the last resort when kept blocks cannot be put side by side. */
function all(doc: JSONContent, writing: Writing) {
  return (doc.content ?? []).map((block) => blockToTree(block, writing)).filter((node) => node !== undefined);
}
