import type { Root } from "hast";
import { visit } from "unist-util-visit";

/**
 * rehype plugin, run just before rehype-raw: a code block whose first line is empty keeps it. rehype-raw reads the
 * tree again through an HTML parser, which drops a line feed at the start of a `<pre>` (HTML's rule for
 * `<pre>\n`) even when it is the first character of the code inside `<code>`; one more line feed is put there for
 * it to drop.
 */
export function rehypeKeepCodeLeadingNewline() {
  return (tree: Root): undefined => {
    visit(tree, "element", (node) => {
      if (node.tagName !== "pre") return;
      const code = node.children[0];
      if (code?.type !== "element" || code.tagName !== "code") return;
      const text = code.children[0];
      if (text?.type === "text" && text.value.startsWith("\n")) text.value = `\n${text.value}`;
    });
  };
}
