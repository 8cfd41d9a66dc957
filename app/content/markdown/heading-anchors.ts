import type { Element, Properties } from "hast";
import type { Options as AutolinkOptions } from "rehype-autolink-headings";
import { headingText, isFootnoteLabel } from "./readable-text";

/**
 * rehype-autolink-headings options: a "#" link appended to every heading but
 * the footnotes' hidden label, named for screen readers by `label(heading text)`.
 */
export function headingAnchorOptions(label: (headingText: string) => string): AutolinkOptions {
  return {
    behavior: "append",
    test: (node: Element) => !isFootnoteLabel(node),
    properties: (node: Readonly<Element>): Properties => ({
      className: ["heading-anchor"],
      ariaLabel: label(headingText(node as Element)),
    }),
    content: {
      type: "element",
      tagName: "span",
      properties: { ariaHidden: "true" },
      children: [{ type: "text", value: "#" }],
    },
  };
}
