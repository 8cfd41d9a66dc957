/**
 * Published media as pages show them: a media address ("/media/…") → the image service's `<picture>` (formats,
 * widths, proportions) and its share image. Kept in memory per instance; publishing a build announces a
 * "content" change, which empties it everywhere.
 */
import { inArray } from "drizzle-orm";
import { onSiteChange } from "~/cluster/change-feed.server";
import { getDb } from "~/db/client.server";
import { media } from "~/db/schema";
import { mediaFileOfUrl } from "./paths";
import { formatsFor, offeredWidths, pictureOf, variantUrl, type PictureView } from "~/lib/image-sizes";

export interface MediaImage {
  key: string;
  mime: string;
  width: number;
  height: number;
}

const known = new Map<string, MediaImage | null>();
onSiteChange("content", () => known.clear());

/** Published media images by the addresses given (addresses that are not published media are left out). */
export async function mediaImages(srcs: Iterable<string>): Promise<Map<string, MediaImage>> {
  const files = new Map<string, string>();
  for (const src of srcs) {
    const file = mediaFileOfUrl(src);
    if (file) files.set(src, file);
  }
  const missing = [...new Set(files.values())].filter((file) => !known.has(file));
  if (missing.length) {
    const db = await getDb();
    const rows = await db
      .select({ path: media.path, key: media.key, mime: media.mime, width: media.width, height: media.height })
      .from(media)
      .where(inArray(media.path, missing))
      .all();
    for (const file of missing) known.set(file, null);
    for (const { path, ...image } of rows) known.set(path, image);
  }
  const found = new Map<string, MediaImage>();
  for (const [src, file] of files) {
    const image = known.get(file);
    if (image) found.set(src, image);
  }
  return found;
}

export async function mediaImage(src: string): Promise<MediaImage | undefined> {
  return (await mediaImages([src])).get(src);
}

export function mediaPicture(image: MediaImage): PictureView {
  return pictureOf(image);
}

/** The share image (Open Graph) of a media image: a 1280-pixel-wide variant in a format every site reads. */
export function mediaShareImage(image: MediaImage): { src: string; width: number; height: number } {
  const width = offeredWidths(image.width).find((w) => w >= 1280) ?? offeredWidths(image.width).at(-1)!;
  const shown = Math.min(width, image.width);
  const format = formatsFor(image.mime).at(-1)!;
  return {
    src: variantUrl(image.key, width, format),
    width: shown,
    height: Math.round((image.height * shown) / image.width),
  };
}
