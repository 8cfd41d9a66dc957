/**
 * Where an import finds the old site's uploads: a folder given with the export (WordPress's wp-content/uploads,
 * Ghost's content/images). An image's address is read as a path inside it; a path that would climb out of it
 * (.., an absolute path, a link pointing outside) is refused, never read. The same uploads zipped are read by
 * app/import/media-zip.server.ts.
 */
import { lstat, realpath, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { MAX_UPLOAD_BYTES } from "~/media/upload.server";

export type MediaRead =
  { ok: true; bytes: Uint8Array; name: string } | { ok: false; reason: "missing" | "refused" | "rejected" };

export interface MediaSource {
  /** The file at `relative` (a path inside the uploads, "/" separated). */
  read(relative: string): Promise<MediaRead>;
}

/** Prefixes an old site's upload addresses carry before the path inside its uploads folder. */
const UPLOAD_ROOTS = [/^\/?(?:.*\/)?wp-content\/uploads\//, /^\/?(?:.*\/)?content\/images\//];

/**
 * The path inside the uploads an image address names, or null when the address is another site's. `baseUrl`
 * is the old site's address: its own absolute addresses are read as paths.
 */
export function uploadPathOf(address: string, baseUrl: string | null): string | null {
  let pathname: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith("//")) {
    let url: URL;
    try {
      url = new URL(address, baseUrl ?? undefined);
    } catch {
      return null;
    }
    const own = baseUrl ? new URL(baseUrl).host === url.host : false;
    if (!own && !UPLOAD_ROOTS.some((root) => root.test(url.pathname))) return null;
    pathname = url.pathname;
  } else {
    pathname = address.split(/[?#]/)[0]!;
  }
  let relative = pathname;
  for (const root of UPLOAD_ROOTS) relative = relative.replace(root, "");
  try {
    relative = decodeURIComponent(relative);
  } catch {
    return null;
  }
  return relative.replace(/^\/+/, "");
}

/** Whether `relative` stays inside the folder (or zip) it is read from, as written. */
export function staysInside(relative: string): boolean {
  if (relative === "" || relative.includes("\0") || relative.includes("\\")) return false;
  if (path.posix.isAbsolute(relative)) return false;
  return !relative.split("/").some((part) => part === "..");
}

export function mediaFolder(root: string): MediaSource {
  const base = path.resolve(root);
  return {
    async read(relative) {
      if (!staysInside(relative)) return { ok: false, reason: "refused" };
      const full = path.resolve(base, relative);
      if (!full.startsWith(base + path.sep)) return { ok: false, reason: "refused" };
      try {
        await lstat(full);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ok: false, reason: "missing" };
        throw error;
      }
      // A link may point anywhere: what it leads to must be inside the folder too.
      const real = await realpath(full);
      const realBase = await realpath(base);
      if (!real.startsWith(realBase + path.sep)) return { ok: false, reason: "refused" };
      const info = await stat(real);
      if (!info.isFile() || info.size > MAX_UPLOAD_BYTES) return { ok: false, reason: "rejected" };
      return { ok: true, bytes: await readFile(real), name: path.basename(real) };
    },
  };
}
