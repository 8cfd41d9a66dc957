import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";
import { CONTENT_SIZES, type PictureView } from "~/media/sizes";
import { decodeImageSrc } from "./image-attributes";

export type PictureLookup = (src: string) => PictureView | undefined;

/**
 * Images the image service serves become `<picture>`: AVIF and WebP sources and the original format as the
 * fallback, each over the offered widths, with the image's proportions as width and height (nothing shifts
 * while it loads). The page's first image loads at once with high priority (it is usually what the reader sees
 * first); the others lazily.
 */
export function setPictures(tree: Root, lookup: PictureLookup | undefined, { eagerFirst }: { eagerFirst: boolean }) {
  let first = true;
  visit(tree, "element", (node, index, parent) => {
    if (node.tagName !== "img") return;
    const isFirst = first;
    first = false;
    if (isFirst && eagerFirst) {
      node.properties.loading = "eager";
      node.properties.fetchPriority = "high";
    }
    const src = node.properties.src;
    const picture = lookup && typeof src === "string" ? lookup(decodeImageSrc(src)) : undefined;
    if (!picture || !parent || index === undefined) return;
    node.properties.src = picture.src;
    node.properties.srcSet = picture.srcset;
    node.properties.sizes = CONTENT_SIZES;
    node.properties.width = picture.width;
    node.properties.height = picture.height;
    const element: Element = {
      type: "element",
      tagName: "picture",
      properties: {},
      children: [
        ...picture.sources.map(
          (source): Element => ({
            type: "element",
            tagName: "source",
            properties: { type: source.type, srcSet: source.srcset, sizes: CONTENT_SIZES },
            children: [],
          }),
        ),
        node,
      ],
    };
    parent.children[index] = element;
    return "skip";
  });
}
