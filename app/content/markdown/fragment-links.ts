import type { Root } from "hast";
import { visit } from "unist-util-visit";
import { CLOBBER_PREFIX } from "./sanitize-schema";

/**
 * In-page links to sanitised ids. The sanitiser prefixes ids (`fn-1` →
 * `user-content-fn-1`, also ids written in raw HTML) but not the `#fn-1`
 * links pointing at them. Re-point such links when only the prefixed id exists.
 */
export function rehypeFixFragmentLinks() {
  return (tree: Root): undefined => {
    const ids = new Set<string>();
    visit(tree, "element", (node) => {
      if (typeof node.properties.id === "string") ids.add(node.properties.id);
    });
    visit(tree, "element", (node) => {
      const href = node.properties.href;
      if (node.tagName !== "a" || typeof href !== "string" || !href.startsWith("#")) return;
      let target = href.slice(1);
      try {
        target = decodeURIComponent(target);
      } catch {
        // keep as written
      }
      if (!ids.has(target) && ids.has(CLOBBER_PREFIX + target)) {
        node.properties.href = `#${CLOBBER_PREFIX}${encodeURIComponent(target)}`;
      }
    });
  };
}
