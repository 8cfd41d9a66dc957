/**
 * What an upload becomes before anything keeps it: its type read from its bytes (never from its name or the
 * header the browser sent), its size checked, and the picture re-encoded with sharp so nothing but pixels
 * survives: EXIF (camera, time, GPS location), XMP, IPTC and comments are dropped, the orientation applied.
 * SVG is refused: it is a document that can carry scripts, not a picture.
 */
import { createHash } from "node:crypto";
import { ServiceError } from "~/lib/service-error";
import { checkMotion, checkOutput, fitInside, imageWork, readFrames, readOptions } from "./image-work.server";

/** The largest file an upload may be. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Larger pictures are scaled down to this longest side when kept (the widest variant a page asks for). */
export const MAX_KEPT_SIDE = 3072;

export type UploadType = "image/jpeg" | "image/png" | "image/webp" | "image/avif" | "image/gif";

/** The image type the bytes say, by their signature; "svg" for an SVG document; null for anything else. */
export function sniffImageType(bytes: Uint8Array): UploadType | "svg" | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "image/gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "image/avif";
  }
  // SVG: XML text (possibly after a byte-order mark, spaces, a declaration or comments) with an <svg> element.
  const head = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  if (/^\s*</.test(head) && /<svg[\s>/]/i.test(head)) return "svg";
  return null;
}

export interface ProcessedImage {
  key: string;
  mime: UploadType;
  width: number;
  height: number;
  data: Buffer;
}

export function imageKey(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex").slice(0, 16);
}

export interface ProcessOptions {
  /** Crop to a centred square of this many pixels (avatars), else keep the proportions. */
  square?: number;
  /** Always write this type (avatars and icons), else the upload's own (see `keptType`). */
  as?: UploadType;
  /** Keep the first frame only: the picture is never shown moving (avatars, the site icon). */
  still?: boolean;
}

/**
 * The type an upload is kept as: an animation as animated WebP, a still GIF as PNG (encoding GIF costs about
 * twenty times as much as WebP, and every browser shows WebP), anything else as it came.
 */
function keptType(type: UploadType, moving: boolean): UploadType {
  if (moving) return "image/webp";
  return type === "image/gif" ? "image/png" : type;
}

/**
 * Checks and re-encodes an upload (see the module's comment), in the uploads' turn of the image work
 * (./image-work.server.ts, which also sets the limits on pixels and frames); refusals are 400/413/503 with a
 * message.
 */
export async function processUpload(bytes: Uint8Array, options: ProcessOptions = {}): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new ServiceError(400, "media.error.empty");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ServiceError(413, "media.error.tooLarge");
  const type = sniffImageType(bytes);
  if (type === "svg") throw new ServiceError(400, "media.error.svg");
  if (!type) throw new ServiceError(400, "media.error.type");
  return imageWork("uploads", async (sharp) => {
    const source = await readFrames(sharp, bytes);
    const moving = source.frames > 1 && !options.still;
    if (moving) checkMotion(source);
    const out = options.as ?? keptType(type, moving);
    const size = options.square ? { width: options.square, height: options.square } : fitInside(source, MAX_KEPT_SIDE);
    checkOutput(size.width, size.height, moving ? source.frames : 1);
    // Apply the EXIF orientation to the pixels first: the EXIF block itself is not kept.
    let image = sharp(bytes, readOptions({ pages: moving ? -1 : 1 })).rotate();
    image = options.square
      ? image.resize(options.square, options.square, { fit: "cover", position: "centre" })
      : image.resize(MAX_KEPT_SIDE, MAX_KEPT_SIDE, { fit: "inside", withoutEnlargement: true });
    // sharp keeps no metadata unless asked to (withMetadata/keepExif/keepIccProfile): none is asked for.
    switch (out) {
      case "image/jpeg":
        image = image.jpeg({ quality: 85, mozjpeg: true });
        break;
      case "image/png":
        image = image.png({ compressionLevel: 9 });
        break;
      case "image/webp":
        image = image.webp({ quality: 85 });
        break;
      case "image/avif":
        image = image.avif({ quality: 60 });
        break;
      case "image/gif":
        image = image.gif();
        break;
    }
    let data: Buffer;
    let info;
    try {
      ({ data, info } = await image.toBuffer({ resolveWithObject: true }));
    } catch {
      throw new ServiceError(400, "media.error.unreadable");
    }
    // An animation's height is its frames' stacked height: one frame's height is the picture's.
    const height = info.pageHeight ?? info.height;
    return { key: imageKey(data), mime: out, width: info.width, height, data };
  });
}
