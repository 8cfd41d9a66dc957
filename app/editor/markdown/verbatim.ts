/**
 * Markdown the editor shows as written: link reference definitions (`[id]: /address "title"`) and footnotes (the
 * `[^1]` in the text, the `[^1]: …` note). The links that use a definition show as links; the definition itself,
 * and the footnotes, are shown as their source (edited in the markdown source view) and written back byte for byte.
 */
import { Node } from "@tiptap/core";

export const MarkdownBlock = Node.create({
  name: "markdownBlock",
  group: "block",
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes: () => ({ markdown: { default: "", rendered: false } }),
  parseHTML: () => [
    {
      tag: "pre[data-markdown]",
      priority: 60,
      getAttrs: (element) => ({ markdown: element.textContent ?? "" }),
    },
  ],
  renderHTML: ({ node }) => [
    "pre",
    { "data-markdown": "", dir: "auto", class: "raw-html", spellcheck: "false" },
    String(node.attrs.markdown),
  ],
});

export const MarkdownInline = Node.create({
  name: "markdownInline",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes: () => ({ markdown: { default: "", rendered: false } }),
  parseHTML: () => [
    {
      tag: "code[data-markdown]",
      priority: 60,
      getAttrs: (element) => ({ markdown: element.textContent ?? "" }),
    },
  ],
  renderHTML: ({ node }) => [
    "code",
    { "data-markdown": "", dir: "ltr", class: "raw-html" },
    String(node.attrs.markdown),
  ],
});
