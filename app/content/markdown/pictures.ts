import type { Element, Root } from "hast";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { CONTENT_SIZES, type PictureView } from "~/lib/image-sizes";
import { decodeImageSrc } from "./image-attributes";

export type PictureLookup = (src: string) => PictureView | undefined;

/**
 * Images the image service serves become `<picture>`: AVIF and WebP sources and the original format as the
 * fallback, each over the offered widths, with the image's proportions as width and height (nothing shifts
 * while it loads). The page's first image loads at once with high priority (it is usually what the reader sees
 * first); the others lazily.
 */
export function setPictures(
  tree: Root,
  lookup: PictureLookup | undefined,
  { eagerFirst, sizes = CONTENT_SIZES }: { eagerFirst: boolean; sizes?: string },
) {
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
    node.properties.sizes = sizes;
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
            properties: { type: source.type, srcSet: source.srcset, sizes },
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

const stringifier = unified().use(rehypeStringify);

/**
 * One image outside any markdown (a post's thumbnail) as markup, made by the same code as content images: a
 * published media image becomes the `<picture>` above, any other image a plain `<img>` with its size. Pages show
 * it as HTML, so the browser needs no picture component. The image is the first thing its page shows (loaded at
 * once, with high priority) unless `lazy`.
 */
export function imageHtml(
  image: { src: string; width?: number; height?: number; picture?: PictureView },
  { className, sizes, lazy = false }: { className: string; sizes?: string; lazy?: boolean },
): string {
  const img: Element = {
    type: "element",
    tagName: "img",
    properties: {
      src: image.src,
      alt: "",
      width: image.width,
      height: image.height,
      className: className.split(" "),
      loading: "lazy",
      decoding: "async",
    },
    children: [],
  };
  const tree: Root = { type: "root", children: [img] };
  setPictures(tree, () => image.picture, { eagerFirst: !lazy, sizes });
  if (!lazy) delete img.properties.decoding;
  return stringifier.stringify(tree);
}
