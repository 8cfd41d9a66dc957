/**
 * An export read into an `ExportedSite` by its platform's reader. A file is bounded in size before it is read.
 * A WordPress export is read as a stream of records, in pieces from the file (or the bytes kept), so its text is
 * never held whole beside what is read from it (a 54 MB export of Persian writing is about 100 MB as one string);
 * a Ghost export is JSON, read whole. What a reader cannot read is refused with one message (the reader's own words
 * go to the log, never to the caller).
 */
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { ServiceError } from "~/lib/service-error";
import { readGhostExport } from "./ghost.server";
import type { ExportSource, ExportedSite } from "./model";
import { readWordPressExport } from "./wordpress.server";
import type { XmlInput } from "./xml-records.server";

/** The largest export file read: a WordPress site of thousands of posts is a few tens of megabytes. */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

/** How much of an export is decoded and parsed at a time. */
const PIECE_BYTES = 256 * 1024;

async function readWith(kind: ExportSource, read: () => Promise<ExportedSite>): Promise<ExportedSite> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.warn(`An export could not be read (${kind}): ${error instanceof Error ? error.message : String(error)}`);
    throw new ServiceError(400, "import.error.unreadableExport");
  }
}

async function readInput(kind: ExportSource, input: XmlInput, whole: () => Promise<string> | string) {
  return readWith(kind, async () =>
    kind === "wordpress" ? readWordPressExport(input) : readGhostExport(await whole()),
  );
}

export async function readExportText(kind: ExportSource, text: string): Promise<ExportedSite> {
  return readInput(kind, text, () => text);
}

/** The export `bytes` hold (UTF-8), decoded a piece at a time as it is read. */
export async function readExportBytes(kind: ExportSource, bytes: Uint8Array): Promise<ExportedSite> {
  function* pieces() {
    for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES) yield bytes.subarray(at, at + PIECE_BYTES);
  }
  const iterable = {
    async *[Symbol.asyncIterator]() {
      yield* pieces();
    },
  };
  return readInput(kind, iterable, () => new TextDecoder("utf-8").decode(bytes));
}

export async function readExport(kind: ExportSource, file: string): Promise<ExportedSite> {
  const info = await stat(file);
  if (!info.isFile()) throw new ServiceError(400, "import.error.unreadableExport");
  if (info.size > MAX_EXPORT_BYTES) {
    throw new ServiceError(413, "import.error.exportTooLarge", { vars: { max: MAX_EXPORT_BYTES / 1024 / 1024 } });
  }
  return readInput(kind, createReadStream(file, { highWaterMark: PIECE_BYTES }), () => readFile(file, "utf8"));
}
