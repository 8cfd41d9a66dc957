/**
 * A comment's text as HTML: a small part of markdown (paragraphs and line breaks, links, emphasis, strikethrough,
 * inline code, quotes), through the pages' sanitiser narrowed to those elements. Everything else a comment may
 * contain is shown as written: raw HTML, images, headings, lists, tables and code blocks are not parsed at all,
 * so their characters stay text (escaped). Links are the commenter's: rel="nofollow ugc noopener", a new tab;
 * only absolute http(s) addresses are links (a relative or scheme-relative one, or "https:/x" that browsers
 * would mend, is shown as its text).
 */
import type { Element, ElementContent, Root } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Root as MdastRoot } from "mdast";
import { unified } from "unified";
import { commentSyntax } from "~/comments/comment-syntax";
import { visit } from "unist-util-visit";
import { sanitizeSchema } from "./sanitize-schema";

/** An image is shown as the text that asked for it. */
function imagesAsText(tree: MdastRoot, file: { value: unknown }): void {
  const source = String(file.value);
  visit(tree, (node, index, parent) => {
    if ((node.type !== "image" && node.type !== "imageReference") || !parent || index === undefined) return;
    const { start, end } = node.position ?? {};
    const value = start && end ? source.slice(start.offset, end.offset) : "";
    parent.children.splice(index, 1, { type: "text", value });
  });
}

const allowedTags = ["p", "br", "a", "em", "strong", "del", "code", "blockquote"];

const commentSchema = {
  ...sanitizeSchema,
  tagNames: allowedTags,
  attributes: { a: ["href"], p: ["dir"], blockquote: ["dir"] },
  required: {},
  clobber: [],
};

/** A line break inside a paragraph is one in the comment (as the form's Shift+Enter made it). */
function hardLineBreaks(tree: Root): void {
  visit(tree, "element", (node: Element) => {
    if (node.tagName !== "p") return;
    node.children = node.children.flatMap((child): ElementContent[] => {
      if (child.type !== "text" || !child.value.includes("\n")) return [child];
      return child.value.split("\n").flatMap((line, i): ElementContent[] => [
        ...(i > 0 ? [{ type: "element", tagName: "br", properties: {}, children: [] } as Element] : []),
        ...(line ? [{ type: "text" as const, value: line }] : []),
      ]);
    });
  });
}

/** An address a comment may link to: absolute, http or https, with a host written out. */
export function isCommentHref(href: unknown): boolean {
  return typeof href === "string" && /^https?:\/\/[^/\\\s]/i.test(href.trim()) && URL.canParse(href.trim());
}

/** A link to anything else is shown as its text. */
function onlyWebLinks(tree: Root): void {
  visit(tree, "element", (node: Element, index, parent) => {
    if (node.tagName !== "a" || isCommentHref(node.properties.href) || !parent || index === undefined) return;
    parent.children.splice(index, 1, ...node.children);
    return index;
  });
}

/** Links open in a new tab and earn the linked page nothing; paragraphs and quotes take their text's direction. */
function commentAttributes(tree: Root): void {
  visit(tree, "element", (node: Element) => {
    if (node.tagName === "a") {
      node.properties.rel = ["nofollow", "ugc", "noopener"];
      node.properties.target = "_blank";
      node.properties.dir = "auto";
    } else if (node.tagName === "p" || node.tagName === "blockquote") {
      node.properties.dir = "auto";
    }
  });
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(commentSyntax)
  .use(() => imagesAsText)
  .use(remarkRehype)
  .use(() => hardLineBreaks)
  .use(rehypeSanitize, commentSchema)
  .use(() => onlyWebLinks)
  .use(() => commentAttributes)
  .use(rehypeStringify)
  .freeze();

/** The comment's text as safe HTML (at most the comment's length limit, so it renders in a few milliseconds). */
export function renderCommentHtml(body: string): string {
  return String(processor.processSync(body));
}
