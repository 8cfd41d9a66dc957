/**
 * Intrinsic sizes of the site's own images (files under public/), so rendered markdown and thumbnails carry
 * width and height and nothing jumps while the page loads. Sizes are read once per file with sharp.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "~/config.server";
import { imageMetadata } from "~/media/image-work.server";

export interface ImageSize {
  width: number;
  height: number;
}

const publicDir = path.join(projectRoot, "public");
const sizes = new Map<string, Promise<ImageSize | undefined>>();

/** The file a site URL ("/images/x.svg") names under public/, or undefined for other URLs and escapes. */
function localFile(src: string): string | undefined {
  if (!src.startsWith("/") || src.startsWith("//")) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(src, "http://site.invalid").pathname);
  } catch {
    return undefined;
  }
  const file = path.join(publicDir, pathname);
  return file.startsWith(publicDir + path.sep) ? file : undefined;
}

async function readSize(file: string): Promise<ImageSize | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    const meta = await imageMetadata(file);
    const rotated = (meta.orientation ?? 1) >= 5;
    if (!meta.width || !meta.height) return undefined;
    return rotated ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return undefined;
  }
}

/** The size of a local image, or undefined for remote, missing or unreadable ones. */
export function imageSize(src: string): Promise<ImageSize | undefined> {
  const file = localFile(src);
  if (!file) return Promise.resolve(undefined);
  let size = sizes.get(file);
  if (!size) sizes.set(file, (size = readSize(file)));
  return size;
}

/** Sizes of several images at once, keyed by the URL as given. */
export async function imageSizes(srcs: Iterable<string>): Promise<Map<string, ImageSize>> {
  const unique = [...new Set(srcs)];
  const found = await Promise.all(unique.map(async (src) => [src, await imageSize(src)] as const));
  return new Map(found.filter((entry): entry is readonly [string, ImageSize] => entry[1] !== undefined));
}

/**
 * URLs that may be images in markdown: `![alt](src "title")`, raw `<img src="…">` and link reference
 * definitions (`[ref]: /src`, used by `![alt][ref]`). Extra URLs only cost a lookup. This runs on the server's
 * thread over any published text, so each pattern stops where the next one could begin (an alt text never
 * spans a `[`, a tag never spans a `<`) and every run is bounded: the scan stays linear in the text's length
 * whatever it holds, where `[^\]]*` would rescan the rest of the text from every `![`.
 */
export function imageSources(markdown: string): string[] {
  const patterns = [
    /!\[[^[\]]{0,1000}\]\([ \t\n]{0,100}<?([^)\s>]{1,2000})/g,
    /<img\b[^<>]{0,2000}?\bsrc[ \t\n]{0,100}=[ \t\n]{0,100}["']([^"'<>]{1,2000})["']/gi,
    /^ {0,3}\[[^[\]\n]{1,999}\]:[ \t]{0,100}\n?[ \t]{0,100}<?([^\s>]{1,2000})/gm,
  ];
  return patterns.flatMap((pattern) => [...markdown.matchAll(pattern)].map((match) => match[1]!));
}
