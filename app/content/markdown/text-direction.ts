/**
 * Direction of the rendered tree: code is always LTR (`<pre dir="ltr">`,
 * inline `<code dir="ltr">`), prose blocks get `dir="auto"` (the browser picks
 * each paragraph's direction from its first strong letter) and, inside them,
 * runs of the other direction are isolated in <bdi>.
 */
import type { Root } from "hast";
import { visit } from "unist-util-visit";
import { isolateRuns, type Dir } from "./bidi-isolation";

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
        if (!(parent?.type === "element" && parent.tagName === "pre")) node.properties.dir = "ltr";
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
