/**
 * Media files in the content repository: `media/<key>-<name>.<ext>`, one folder for the whole site beside
 * `content/`. The key (16 hex digits of the bytes' SHA-256) makes every name unique and a file never changes
 * under its name; the name is the uploaded file's, as a slug. Pages refer to them by the address `/media/…`.
 * Browser-safe: the editor uses it too.
 */
export const MEDIA_ROOT = "media";

const MEDIA_FILE = /^media\/([0-9a-f]{16})-([\p{Ll}\p{Lo}\p{Lm}\p{N}\p{M}_-]{1,60})\.(jpg|png|webp|avif|gif)$/u;

export function isMediaPath(file: string): boolean {
  return MEDIA_FILE.test(file);
}

/** The site address of a media file ("media/x.jpg" → "/media/x.jpg"). */
export function mediaUrl(file: string): string {
  return `/${file}`;
}

/** The media file a site address names ("/media/x.jpg", percent-escapes decoded), or null. */
export function mediaFileOfUrl(src: string): string | null {
  let pathname: string;
  try {
    pathname = decodeURI(src.split(/[?#]/)[0]!);
  } catch {
    return null;
  }
  const file = pathname.replace(/^\//, "");
  return pathname.startsWith("/media/") && isMediaPath(file) ? file : null;
}

/** A file name as the slug of a media file: lower-case letters of any script, digits, "-" and "_". */
export function mediaSlug(fileName: string): string {
  const stem = fileName
    .replace(/\.[^.]*$/, "")
    .normalize("NFC")
    .toLowerCase();
  const slug = stem
    .replace(/[\s\u200c.]+/g, "-")
    .replace(/[^\p{Ll}\p{Lo}\p{Lm}\p{N}\p{M}_-]/gu, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .replace(/-$/, "");
  return slug || "image";
}
