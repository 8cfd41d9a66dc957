/**
 * The part of markdown a comment is read with (paragraphs, links, emphasis, strikethrough, inline code, quotes):
 * what renders it and what counts its links read the same text the same way.
 */
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified, type Processor } from "unified";
import { visit } from "unist-util-visit";

/** The markdown a comment may not use: micromark leaves it as text. */
const disabledConstructs = [
  "headingAtx",
  "setextUnderline",
  "htmlFlow",
  "htmlText",
  "thematicBreak",
  "list",
  "codeFenced",
  "codeIndented",
  "definition",
  "table",
  "tasklistCheck",
  "gfmFootnoteDefinition",
  "gfmFootnoteCall",
  "gfmPotentialFootnoteCall",
  "emailAutolink",
];

export function commentSyntax(this: Processor) {
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push({ disable: { null: disabledConstructs } });
}

const parser = unified().use(remarkParse).use(remarkGfm).use(commentSyntax).freeze();

/**
 * The links a comment makes, as its markdown reads it: every link written out or found in the text (whatever
 * its address: one that is not shown as a link still shows what the commenter meant).
 */
export function commentLinkCount(body: string): number {
  let n = 0;
  visit(parser.parse(body), (node) => {
    if (node.type === "link" || node.type === "linkReference") n++;
  });
  return n;
}
