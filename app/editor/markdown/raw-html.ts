/**
 * HTML written in a page's markdown stays exactly as written. Tiptap would turn it into editor nodes (an `<img>`
 * into an image, a `<details>` into its text) and write back something else; here a block of HTML is one block
 * and a tag in running text one inline piece, shown as their source text (never as live markup: the editor is no
 * place to run what a file holds) and written back byte for byte. The site's renderer sanitises them on the page.
 */
import { Node, type JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";

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
  markdownTokenName: "html",
  parseMarkdown: (token) =>
    token.block
      ? { type: "rawHtmlBlock", attrs: { html: String(token.raw ?? token.text ?? "").replace(/\n+$/, "") } }
      : [],
  renderMarkdown: (node: JSONContent) => String(node.attrs?.html ?? ""),
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
  renderMarkdown: (node: JSONContent) => String(node.attrs?.html ?? ""),
});

interface HtmlToken {
  raw?: string;
  text?: string;
  block?: boolean;
}

/**
 * The markdown reader and writer of the content schema: Tiptap's, with HTML kept as written (see above) instead of
 * parsed into nodes. Used by the editor and by the tests that prove the round trip, so both go the same way.
 */
export class ContentMarkdownManager extends MarkdownManager {
  constructor(extensions: ConstructorParameters<typeof MarkdownManager>[0]) {
    super(extensions);
    // Tiptap calls this for every HTML token, block or inline (and for an inline tag with its closing tag
    // merged into one token). It is private in Tiptap's types, so it is replaced on the instance.
    (this as unknown as { parseHTMLToken: (token: HtmlToken) => JSONContent | JSONContent[] | null }).parseHTMLToken = (
      token,
    ) => {
      const html = String(token.raw ?? token.text ?? "");
      if (!html.trim()) return null;
      if (token.block) return { type: "rawHtmlBlock", attrs: { html: html.replace(/\n+$/, "") } };
      return { type: "rawHtmlInline", attrs: { html } };
    };
  }
}
