/** Reads a rendered tree: table of contents, plain text per section (for search), whole text, words, reading time. */
import type { ElementContent, Root, RootContent } from "hast";
import { collapse, headingText, isDecoration } from "./readable-text";
import type { RenderedMarkdown, RenderedSection, TocEntry } from "./rendered-markdown";
import { countWords, readingMinutes } from "~/lib/reading-time";
import { CONTAINER_BLOCKS, LEAF_BLOCKS } from "./text-direction";


/** Elements after which plain text gets a line break. */
const TEXT_BLOCKS = new Set([
  ...LEAF_BLOCKS,
  ...CONTAINER_BLOCKS,
  "pre",
  "div",
  "section",
  "details",
  "table",
  "tr",
  "ul",
  "ol",
  "dl",
  "figure",
  "hr",
  "br",
]);

export function readOutlineAndText(tree: Root): Omit<RenderedMarkdown, "html"> {
  const toc: TocEntry[] = [];
  const all: string[] = [];
  const prose: string[] = [];
  const sections: { heading: string; anchor: string; parts: string[] }[] = [
    { heading: "", anchor: "", parts: [] },
  ];
  let current = sections[0]!;

  const walk = (node: RootContent | ElementContent, inPre: boolean): void => {
    if (node.type === "text") {
      all.push(node.value);
      current.parts.push(node.value);
      if (!inPre) prose.push(node.value);
      return;
    }
    if (node.type !== "element" || isDecoration(node)) return;
    if ((node.tagName === "h2" || node.tagName === "h3") && typeof node.properties.id === "string") {
      const text = headingText(node);
      const entry: TocEntry = { id: node.properties.id, text, depth: node.tagName === "h2" ? 2 : 3, children: [] };
      const parentEntry = toc.at(-1);
      if (entry.depth === 3 && parentEntry?.depth === 2) parentEntry.children.push(entry);
      else toc.push(entry);
      current = { heading: text, anchor: entry.id, parts: [] };
      sections.push(current);
      all.push("\n", text, "\n");
      prose.push("\n", text, "\n");
      return;
    }
    const pre = inPre || node.tagName === "pre";
    for (const child of node.children) walk(child, pre);
    if (TEXT_BLOCKS.has(node.tagName)) {
      all.push("\n");
      current.parts.push("\n");
      if (!pre) prose.push("\n");
    }
  };
  for (const child of tree.children) walk(child, false);

  const lines = (parts: string[]) =>
    parts
      .join("")
      .split("\n")
      .map(collapse)
      .filter(Boolean)
      .join("\n");

  const text = lines(all);
  const words = countWords(lines(prose));

  const out: RenderedSection[] = sections
    .map((s) => ({ heading: s.heading, anchor: s.anchor, text: lines(s.parts) }))
    // The untitled first section only when there is text before the first heading.
    .filter((s, i) => i > 0 || s.text !== "");

  return {
    toc,
    sections: out,
    text,
    words,
    readingMinutes: readingMinutes(words),
  };
}
