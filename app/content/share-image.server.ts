/**
 * Share images: social sites want a raster picture of about 1200×630 and ignore SVG, which the bundled
 * thumbnails are. `/share-image/<image path>.png` serves any of the site's own images (under public/images)
 * as such a PNG, made once with sharp and kept in memory.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { projectRoot } from "~/config.server";
import { imageWork, readOptions } from "~/media/image-work.server";
import { memoiseLoads } from "~/lib/memoise-load";

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
const prefix = "/share-image";
const imagesDir = path.join(projectRoot, "public", "images");
/** At most 200 renditions are kept (each is tens of kilobytes); one refused (the image work is busy) is not. */
const made = memoiseLoads<string, Buffer | undefined>(200);

/** The share-image URL path of a site image ("/images/content/x.svg" → "/share-image/images/content/x.svg.png"). */
export function shareImagePath(src: string): string | undefined {
  if (!src.startsWith("/images/") || src.includes("..")) return undefined;
  return `${prefix}${src}.png`;
}

/** The PNG for a share-image path, or undefined when it names no image of the site. */
export function shareImage(pathname: string): Promise<Buffer | undefined> {
  if (!pathname.startsWith(`${prefix}/images/`) || !pathname.endsWith(".png")) return Promise.resolve(undefined);
  let source: string;
  try {
    source = decodeURIComponent(pathname.slice(prefix.length + "/images/".length, -".png".length));
  } catch {
    return Promise.resolve(undefined);
  }
  const file = path.join(imagesDir, source);
  if (!file.startsWith(imagesDir + path.sep)) return Promise.resolve(undefined);
  return made.get(file, () => render(file));
}

/** The PNG, undefined when the file is missing or no picture; rejects when the image work refuses (busy). */
async function render(file: string): Promise<Buffer | undefined> {
  // Any name can be asked for: only a file that exists waits for a turn of the image work.
  if (!(await stat(file).catch(() => null))?.isFile()) return undefined;
  return imageWork("visitors", (sharp) =>
    sharp(file, readOptions({ density: 144 }))
      .resize(SHARE_IMAGE.width, SHARE_IMAGE.height, { fit: "cover" })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
      .catch(() => undefined),
  );
}
