/**
 * The image service's sizes and addresses, shared by the server (which refuses every other size) and the pages
 * (which list them in `srcset`). Browser-safe and small: the header's avatar uses it on every page.
 *
 * A variant's address is `/img/<key>/<width>.<format>`: `key` names the image's bytes (a changed image gets new
 * addresses, so every variant is cached for a year), `width` is in pixels (the height follows the image's
 * proportions), `format` is avif, webp or the image's own format.
 */

/** Widths a content image is shown at (CSS pixels), from phones to wide screens. */
export const CONTENT_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;
/** Screen densities served: ordinary and high-density ("retina") screens. */
export const DENSITIES = [1, 2] as const;
/** Sizes an avatar is shown at (CSS pixels): the header and comments, the users table, the profile. */
export const AVATAR_SIZES = [32, 48, 64, 96] as const;

function pixelWidths(sizes: readonly number[]): number[] {
  return [...new Set(sizes.flatMap((size) => DENSITIES.map((density) => size * density)))].sort((a, b) => a - b);
}

/** Every width a content image's variant may have: each width at each density. */
export const CONTENT_PIXEL_WIDTHS = pixelWidths(CONTENT_WIDTHS);
/** Every width (and height: avatars are square) an avatar's variant may have. */
export const AVATAR_PIXEL_SIZES = pixelWidths(AVATAR_SIZES);

export type ImageFormat = "avif" | "webp" | "jpg" | "png" | "gif";

const EXTENSIONS: Record<string, ImageFormat> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/gif": "gif",
};

export const MIME_OF: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

/** The file extension (and variant format) of an image type. */
export function formatOf(mime: string): ImageFormat {
  return EXTENSIONS[mime] ?? "jpg";
}

export function variantUrl(key: string, width: number, format: ImageFormat): string {
  return `/img/${key}/${width}.${format}`;
}

/**
 * The widths worth offering for an image `width` pixels wide: the allowed ones below it and the first one at or
 * above it (made at the image's own width: the service never enlarges).
 */
export function offeredWidths(width: number, allowed: readonly number[] = CONTENT_PIXEL_WIDTHS): number[] {
  const below = allowed.filter((w) => w < width);
  const cover = allowed.find((w) => w >= width);
  return cover === undefined ? below : [...below, cover];
}

/**
 * The formats offered for an image of `mime`, best first; the last is the fallback every browser shows. Motion is
 * shown in WebP only (AVIF cannot carry it here, and GIF costs twenty times as much to encode): an animation is
 * kept as WebP and offered as WebP alone, as any WebP is; a GIF published before is offered as WebP, which moves,
 * and GIF, its first frame.
 */
export function formatsFor(mime: string): ImageFormat[] {
  const own = formatOf(mime);
  if (own === "gif") return ["webp", "gif"];
  if (own === "webp") return ["webp"];
  return [...new Set<ImageFormat>(["avif", "webp", own])];
}

export interface PictureSource {
  type: string;
  srcset: string;
}

export interface PictureView {
  sources: PictureSource[];
  /** The fallback image: its address, its `srcset` and the image's proportions. */
  src: string;
  srcset: string;
  width: number;
  height: number;
}

/** What a `<picture>` of a content image needs: one `srcset` per format over the offered widths. */
export function pictureOf(image: { key: string; mime: string; width: number; height: number }): PictureView {
  const widths = offeredWidths(image.width);
  const formats = formatsFor(image.mime);
  const srcset = (format: ImageFormat) =>
    widths.map((w) => `${variantUrl(image.key, w, format)} ${Math.min(w, image.width)}w`).join(", ");
  const fallback = formats.at(-1)!;
  const middle = widths.find((w) => w >= 1024) ?? widths.at(-1)!;
  return {
    sources: formats.slice(0, -1).map((format) => ({ type: MIME_OF[format], srcset: srcset(format) })),
    src: variantUrl(image.key, middle, fallback),
    srcset: srcset(fallback),
    width: image.width,
    height: image.height,
  };
}

/** `sizes` of an image in the text's column: the full width on phones, the column's measure from tablets up. */
export const CONTENT_SIZES = "(min-width: 48rem) 45rem, calc(100vw - 2rem)";

/** An avatar's address at a size in CSS pixels, and its `srcset` for both densities. */
export function avatarSources(key: string, size: number): { src: string; srcSet: string } {
  const at = (pixels: number) => variantUrl(key, pixels, "webp");
  return { src: at(size), srcSet: `${at(size)} 1x, ${at(size * 2)} 2x` };
}
