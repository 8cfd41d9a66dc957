import type { Root } from "hast";
import { visit } from "unist-util-visit";

export type ImageSizeLookup = (src: string) => { width: number; height: number } | undefined;

/** An image URL with its percent-escapes decoded, as `ImageSizeLookup` receives it (unchanged when malformed). */
export function decodeImageSrc(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

/**
 * Images load lazily and decode off the main thread; an image without a
 * written size gets its intrinsic one, so nothing jumps while the page loads.
 */
export function setImageAttributes(tree: Root, imageSize: ImageSizeLookup | undefined): void {
  visit(tree, "element", (node) => {
    if (node.tagName !== "img") return;
    node.properties.loading = "lazy";
    node.properties.decoding = "async";
    const src = node.properties.src;
    if (
      imageSize &&
      typeof src === "string" &&
      node.properties.width === undefined &&
      node.properties.height === undefined
    ) {
      const size = imageSize(decodeImageSrc(src));
      if (size && size.width > 0 && size.height > 0) {
        node.properties.width = Math.round(size.width);
        node.properties.height = Math.round(size.height);
      }
    }
  });
}
