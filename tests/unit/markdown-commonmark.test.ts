/**
 * The site's renderer reads a page's body as CommonMark: every example of the specification renders as the
 * specification says, once the site's own additions are set aside (heading ids and anchors, link attributes,
 * direction attributes and isolation, highlighted code, image loading hints, captions and galleries). Examples holding raw HTML, or a
 * link whose scheme the sanitiser refuses, are sanitised on purpose: they render as the specification's HTML
 * through the site's sanitiser. GFM's literal autolinks (a bare address becomes a link) are the site's on
 * purpose too, and only counted.
 */
import type { Element, ElementContent, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { toString as hastText } from "hast-util-to-string";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { beforeAll, expect, test } from "vitest";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { sanitizeSchema } from "~/content/markdown/sanitize-schema";
import { commonMarkExamples, type MarkdownExample } from "../helpers/markdown-examples";

/** Attributes only the site adds. */
const SITE_ATTRIBUTES = new Set([
  "dir",
  "id",
  "rel",
  "target",
  "loading",
  "decoding",
  "tabIndex",
  "style",
  "dataShort",
]);
/** Elements whose whitespace around them is not content. */
const BLOCKS = new Set([
  "p",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
]);

function normalise(html: string): string {
  // The last line end is not content (the HTML parser would put it in any element a raw tag left open).
  const tree = fromHtml(html.trimEnd(), { fragment: true });
  const clean = (nodes: (RootContent | ElementContent)[]): ElementContent[] => {
    const out: ElementContent[] = [];
    for (const node of nodes) {
      if (node.type === "comment" || node.type === "doctype") continue;
      if (node.type !== "element") {
        out.push(node as ElementContent);
        continue;
      }
      if (node.tagName === "a" && (node.properties.className as string[] | undefined)?.includes("heading-anchor"))
        continue;
      if (node.tagName === "bdi") {
        out.push(...clean(node.children));
        continue;
      }
      // A paragraph of images the site drew as a figure or a gallery: the paragraph again, each caption back in
      // its image's title, the images a space apart.
      if (
        node.tagName === "figure" ||
        (node.tagName === "div" && node.properties.className?.toString() === "gallery")
      ) {
        const figures =
          node.tagName === "figure" ? [node] : node.children.filter((c): c is Element => c.type === "element");
        const items = figures.flatMap((figure, index): ElementContent[] => {
          const caption = figure.children.find((c): c is Element => c.type === "element" && c.tagName === "figcaption");
          const item = figure.children.find((c): c is Element => c.type === "element" && c.tagName !== "figcaption")!;
          visit(item, "element", (inner) => {
            if (inner.tagName === "img" && caption) inner.properties.title = hastText(caption);
          });
          return index ? [{ type: "text", value: " " }, item] : [item];
        });
        out.push({ type: "element", tagName: "p", properties: {}, children: clean(items) });
        continue;
      }
      if (node.tagName === "pre") {
        // Highlighted code: compare its text, not its spans (nor the language, which the highlighter names).
        const code = hastText(node).replace(/\n$/, "");
        out.push({
          type: "element",
          tagName: "pre",
          properties: {},
          children: [{ type: "element", tagName: "code", properties: {}, children: [{ type: "text", value: code }] }],
        });
        continue;
      }
      const properties = Object.fromEntries(
        Object.entries(node.properties).filter(([name]) => !SITE_ATTRIBUTES.has(name)),
      );
      out.push({ ...node, properties, children: clean(node.children) } as Element);
    }
    return out;
  };
  const root: Root = { type: "root", children: clean(tree.children) };
  return toHtml(root)
    .replace(/\s+/g, " ")
    .replace(new RegExp(`\\s*(</?(?:${[...BLOCKS].join("|")})\\b[^>]*>)\\s*`, "g"), "$1")
    .trim();
}

const parser = unified().use(remarkParse).use(remarkGfm);
const sanitiser = unified().use(rehypeSanitize, sanitizeSchema);

/** The specification's HTML as the site's sanitiser leaves it. */
function sanitised(html: string): string {
  return toHtml(sanitiser.runSync(fromHtml(html.trimEnd(), { fragment: true })));
}

/** The schemes the sanitiser keeps in a link or an image (a colon before any `/`, `?` or `#` names a scheme). */
const KEPT_SCHEMES = /^(https?|mailto|irc|ircs|xmpp)$/;

/** Why the site renders an example differently on purpose, if it does. */
function onPurpose(example: MarkdownExample): string | undefined {
  let reason: string | undefined;
  visit(parser.parse(example.markdown), (node) => {
    if (node.type === "html") reason = "raw HTML, sanitised";
    if (node.type !== "link" && node.type !== "image" && node.type !== "definition") return;
    const url = (node as { url: string }).url;
    const scheme = /^([^/?#]*):/.exec(url)?.[1];
    if (scheme !== undefined && !KEPT_SCHEMES.test(scheme)) reason ??= "a scheme the sanitiser refuses";
    // A link not written in brackets or angle brackets is a GFM literal autolink (some are made without a position).
    const written = node.position && example.markdown.slice(node.position.start.offset, node.position.end.offset);
    if (node.type === "link" && !/^[[<]/.test(written || "")) reason ??= "a GFM autolink literal";
  });
  return reason;
}

beforeAll(async () => {
  await getHighlighter();
});

test("the renderer reads each CommonMark example as the specification does", async () => {
  const failed: { name: string; markdown: string; expected: string; actual: string }[] = [];
  const counts: Record<string, number> = {};
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
  for (const example of commonMarkExamples()) {
    const actual = normalise((await renderMarkdown(example.markdown, { locale: "en" })).html);
    const expected = normalise(example.html!);
    const reason = onPurpose(example);
    if (reason === "a GFM autolink literal") {
      count(reason);
      continue;
    }
    const wanted = reason ? normalise(sanitised(example.html!)) : expected;
    if (actual !== wanted) {
      count("different");
      failed.push({ name: example.name, markdown: example.markdown, expected: wanted, actual });
    } else count(!reason ? "same" : actual === expected ? `${reason}, and the same` : reason);
  }
  console.log("renderer against the specification:", JSON.stringify(counts));
  expect(failed).toEqual([]);
}, 120_000);
