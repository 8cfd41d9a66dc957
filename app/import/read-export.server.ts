/**
 * An export read into an `ExportedSite` by its platform's reader. A file is bounded in size before it is read:
 * a reader holds its text, so a larger file is refused with the bound. What a reader cannot read is refused with
 * one message (the reader's own words go to the log, never to the caller).
 */
import { readFile, stat } from "node:fs/promises";
import { ServiceError } from "~/lib/service-error";
import { readGhostExport } from "./ghost.server";
import type { ExportSource, ExportedSite } from "./model";
import { readWordPressExport } from "./wordpress.server";

/** The largest export file read: a WordPress site of thousands of posts is a few tens of megabytes. */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

export async function readExportText(kind: ExportSource, text: string): Promise<ExportedSite> {
  try {
    return await (kind === "wordpress" ? readWordPressExport(text) : readGhostExport(text));
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.warn(`An export could not be read (${kind}): ${error instanceof Error ? error.message : String(error)}`);
    throw new ServiceError(400, "import.error.unreadableExport");
  }
}

export async function readExport(kind: ExportSource, file: string): Promise<ExportedSite> {
  const info = await stat(file);
  if (!info.isFile()) throw new ServiceError(400, "import.error.unreadableExport");
  if (info.size > MAX_EXPORT_BYTES) {
    throw new ServiceError(413, "import.error.exportTooLarge", { vars: { max: MAX_EXPORT_BYTES / 1024 / 1024 } });
  }
  return readExportText(kind, await readFile(file, "utf8"));
}
