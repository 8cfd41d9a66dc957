/** What counts as the readable text of a rendered tree: heading anchors and footnote markers do not. */
import type { Element, ElementContent } from "hast";

function hasClass(node: Element, name: string): boolean {
  const c = node.properties.className;
  return Array.isArray(c) ? c.includes(name) : c === name;
}

/** The footnotes section's visually hidden "Footnotes" h2 (not a real heading). */
export function isFootnoteLabel(node: Element): boolean {
  return node.tagName === "h2" && hasClass(node, "sr-only");
}

/** Elements whose text is not part of the readable content. */
export function isDecoration(node: Element): boolean {
  return (
    (node.tagName === "a" &&
      (hasClass(node, "heading-anchor") ||
        node.properties.dataFootnoteRef !== undefined ||
        node.properties.dataFootnoteBackref !== undefined)) ||
    isFootnoteLabel(node)
  );
}

export function collapse(text: string): string {
  // \s does not match ZWNJ/ZWJ (U+200C/U+200D), so they survive.
  return text.replace(/\s+/g, " ").trim();
}

/** Heading text without its "#" anchor. */
export function headingText(node: Element): string {
  let out = "";
  const walk = (n: ElementContent): void => {
    if (n.type === "text") out += n.value;
    else if (n.type === "element" && !isDecoration(n)) n.children.forEach(walk);
  };
  node.children.forEach(walk);
  return collapse(out);
}
