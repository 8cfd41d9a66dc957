/**
 * HTML written in a page's markdown stays exactly as written. Tiptap would turn it into editor nodes (an `<img>`
 * into an image, a `<details>` into its text) and write back something else; here a block of HTML is one block
 * and a tag in running text one inline piece (with everything up to its closing tag), shown as their source text
 * (never as live markup: the editor is no place to run what a file holds) and written back byte for byte. The
 * site's renderer sanitises them on the page.
 */
import { Node } from "@tiptap/core";

export const RawHtmlBlock = Node.create({
  name: "rawHtmlBlock",
  group: "block",
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes: () => ({ html: { default: "", rendered: false } }),
  // Above code blocks and inline code, which would take the same elements as code.
  parseHTML: () => [
    { tag: "pre[data-raw-html]", priority: 60, getAttrs: (element) => ({ html: element.textContent ?? "" }) },
  ],
  renderHTML: ({ node }) => [
    "pre",
    { "data-raw-html": "", dir: "ltr", class: "raw-html", spellcheck: "false" },
    String(node.attrs.html),
  ],
});

export const RawHtmlInline = Node.create({
  name: "rawHtmlInline",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({ html: { default: "", rendered: false } }),
  parseHTML: () => [
    { tag: "code[data-raw-html]", priority: 60, getAttrs: (element) => ({ html: element.textContent ?? "" }) },
  ],
  renderHTML: ({ node }) => ["code", { "data-raw-html": "", dir: "ltr", class: "raw-html" }, String(node.attrs.html)],
});
