/**
 * Direction of the rendered tree: code is always LTR (`<pre dir="ltr">`,
 * inline `<code dir="ltr">`), prose blocks get `dir="auto"` (the browser picks
 * each paragraph's direction from its first strong letter) and, inside them,
 * runs of the other direction are isolated in <bdi>. Short inline code is marked `data-short` to stay on one line.
 */
import type { Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";
import { isolateRuns, type Dir } from "./bidi-isolation";

/** Inline code up to this many characters never wraps. */
export const SHORT_CODE = 30;

/** Blocks holding prose: they get `dir="auto"` and <bdi> wrapping inside. */
export const PROSE_BLOCKS = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "td",
  "th",
  "figcaption",
  "summary",
  "dt",
  "dd",
  "caption",
]);

export function rehypeDirection(localeDir: Dir) {
  return (tree: Root): undefined => {
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
      if (PROSE_BLOCKS.has(node.tagName) && node.properties.dir === undefined) {
        node.properties.dir = "auto";
      }
    });
    visit(tree, "element", (node) => {
      if (node.tagName === "pre" || node.tagName === "code") return "skip";
      if (PROSE_BLOCKS.has(node.tagName)) isolateRuns(node, localeDir);
    });
  };
}
