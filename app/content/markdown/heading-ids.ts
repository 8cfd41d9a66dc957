import type { Root, Text } from "hast";
import rehypeSlug from "rehype-slug";
import { visit } from "unist-util-visit";

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const ZWNJ = "\u200C";

/**
 * Heading ids: rehype-slug, made ZWNJ-aware. rehype-slug (github-slugger)
 * silently deletes ZWNJ, which glues Persian words together ("می‌خواهم" →
 * "میخواهم"). This wrapper shows rehype-slug a ZWNJ as "-" ("می-خواهم") and
 * restores the heading text afterwards. ZWJ is dropped from ids (letters join
 * either way, so the id reads the same). Everything else is rehype-slug:
 * GitHub-compatible, unique per page ("x", "x-1", …), deterministic.
 */
export function rehypeSlugZwnj() {
  const slug = rehypeSlug();
  return (tree: Root): undefined => {
    const changed: [Text, string][] = [];
    visit(tree, "element", (node) => {
      if (!HEADING_TAGS.has(node.tagName) || node.properties.id) return;
      visit(node, "text", (text) => {
        if (!text.value.includes(ZWNJ)) return;
        changed.push([text, text.value]);
        text.value = text.value.replaceAll(ZWNJ, "-");
      });
      return "skip";
    });
    slug(tree);
    for (const [text, value] of changed) text.value = value;
  };
}
