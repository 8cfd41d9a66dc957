/**
 * The image service: `/img/<key>/<width>.<format>` made with sharp on first request and kept on disk in
 * DATA_DIR/image-cache. Only the sizes of `sizes.ts` are made (a resize-anything endpoint would let anyone keep
 * the server busy and fill its disk); each variant is made at most once at a time in this process (requests
 * that arrive meanwhile wait for it), in the visitors' turn of the image work (./image-work.server.ts: its
 * limits on pixels and frames hold here too), and written under a temporary name then renamed, so a
 * half-written file is never served. Instances do not share the cache: each makes its own copy the first time it is asked.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { onSiteChange } from "~/cluster/change-feed.server";
import { config } from "~/config.server";
import { getDb, type Database } from "~/db/client.server";
import { AVATAR_PIXEL_SIZES, CONTENT_PIXEL_WIDTHS, formatsFor, MIME_OF, type ImageFormat } from "~/lib/image-sizes";
import { checkOutput, imageWork, motionAllowed, readFrames, readOptions, type SharpFactory } from "./image-work.server";
import { findImage, imageBytes, isImageKey, type ImageRecord } from "./store.server";

/** How a variant was found: on disk, made for this request, or made for another request this one waited on. */
export type CacheOutcome = "hit" | "miss" | "wait";

export interface Variant {
  body: Buffer;
  mime: string;
  cache: CacheOutcome;
}

const making = new Map<string, Promise<Buffer>>();

export function imageCacheDir(): string {
  return path.join(config().dataDir, "image-cache");
}

/** The widths an image of this purpose may be asked for; icons have their own addresses. */
function allowedWidths(image: ImageRecord): readonly number[] {
  if (image.purpose === "content") return CONTENT_PIXEL_WIDTHS;
  if (image.purpose === "avatar") return AVATAR_PIXEL_SIZES;
  return [];
}

/** Reads "640.webp" into a width and a format, or null. */
export function parseVariantName(name: string): { width: number; format: ImageFormat } | null {
  const match = /^([1-9][0-9]{1,4})\.(avif|webp|jpg|png|gif)$/.exec(name);
  return match ? { width: Number(match[1]), format: match[2] as ImageFormat } : null;
}

/** The variant, or null when the key names no image or the size or format is not one the image has. */
export async function imageVariant(db: Database, key: string, name: string): Promise<Variant | null> {
  const wanted = parseVariantName(name);
  if (!wanted) return null;
  const image = await findImage(db, key);
  if (!image || !allowedWidths(image).includes(wanted.width) || !formatsFor(image.mime).includes(wanted.format)) {
    return null;
  }
  const mime = MIME_OF[wanted.format];
  const file = path.join(imageCacheDir(), key, `${wanted.width}.${wanted.format}`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return { body: cached, mime, cache: "hit" };
  const pending = making.get(file);
  if (pending) return { body: await pending, mime, cache: "wait" };
  const made = (async () => {
    // The source is read in the job's turn, so requests waiting for one hold no image in memory.
    const body = await imageWork("visitors", async (sharp) => {
      const source = await imageBytes(db, key);
      if (!source) throw new Error(`image ${key} is gone`);
      return encode(sharp, source, image, wanted.width, wanted.format);
    });
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, file);
    return body;
  })().finally(() => making.delete(file));
  making.set(file, made);
  return { body: await made, mime, cache: "miss" };
}

/**
 * Makes one variant. Motion is kept only in WebP (the format pages offer animations in), and only for an
 * animation within the limits on frames and pixels; every other variant is the first frame.
 */
async function encode(
  sharp: SharpFactory,
  source: Buffer,
  image: ImageRecord,
  width: number,
  format: ImageFormat,
): Promise<Buffer> {
  const frames = await readFrames(sharp, source);
  const moving = format === "webp" && frames.frames > 1 && motionAllowed(frames);
  const outWidth = Math.min(width, frames.width);
  checkOutput(outWidth, Math.ceil((frames.height * outWidth) / frames.width), moving ? frames.frames : 1);
  let pipeline = sharp(source, readOptions({ pages: moving ? -1 : 1 })).resize({ width, withoutEnlargement: true });
  switch (format) {
    case "avif":
      pipeline = pipeline.avif({ quality: 55, effort: 4 });
      break;
    case "webp":
      pipeline = pipeline.webp({ quality: 78 });
      break;
    case "jpg":
      pipeline = pipeline.jpeg({ quality: 80, mozjpeg: true, progressive: true });
      break;
    case "png":
      pipeline = pipeline.png({ compressionLevel: 9, palette: image.purpose !== "content" });
      break;
    case "gif":
      pipeline = pipeline.gif();
      break;
  }
  return pipeline.toBuffer();
}

/**
 * Drops the variants this instance made of images that are gone: those named, or (null: this instance may have
 * missed deletions) every one whose key no image has. A key that still names an image (a profile picture of
 * the same bytes) keeps its variants.
 */
async function dropVariants(keys: readonly string[] | null): Promise<void> {
  const dir = imageCacheDir();
  const candidates = keys ?? (await readdir(dir).catch(() => [] as string[]));
  const db = await getDb();
  for (const key of candidates) {
    if (!isImageKey(key) || (await findImage(db, key))) continue;
    await rm(path.join(dir, key), { recursive: true, force: true });
  }
}

onSiteChange("media", (keys) => {
  dropVariants(keys).catch((error: unknown) => console.error("Dropping the variants of deleted images failed:", error));
});
