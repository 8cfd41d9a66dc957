/**
 * The old site's uploads sent from the dashboard as a zip, for an export sent before (`import_uploads`): the
 * request's body is streamed to the disk (never whole in memory), bounded, then checked whole as the command
 * line's zip is (app/import/media-zip.server.ts: entries, sizes, names, links) before it is kept. Kept in the
 * data folder beside the export's row, named by its id, until the export is imported or replaced; a zip that is
 * refused is removed at once, and so is an earlier one for the same export.
 *
 * The zip is on the disk of the instance that took it: the import reads it there (several instances share the
 * data folder, or the writer imports from the instance that took the zip).
 */
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { importUploads } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";
import { openMediaZip, type MediaZip } from "./media-zip.server";

/** The largest uploads zip the dashboard takes (the command line reads any size the zip's limits allow). */
export const MAX_MEDIA_ZIP_BYTES = 1024 * 1024 * 1024;

function folder(): string {
  return path.join(config().dataDir, "import-media");
}

function zipOf(uploadId: number): string {
  return path.join(folder(), `${uploadId}.zip`);
}

async function ownUpload(db: Database, userId: number, uploadId: number) {
  const row = await db
    .select({ id: importUploads.id })
    .from(importUploads)
    .where(and(eq(importUploads.id, uploadId), eq(importUploads.userId, userId)))
    .get();
  if (!row) throw new ServiceError(404, "import.error.uploadGone");
}

/** Keeps `body` as the uploads of export `uploadId` (which `userId` sent); how many files it holds. */
export async function saveMediaZip(
  db: Database,
  userId: number,
  uploadId: number,
  body: AsyncIterable<Uint8Array> | null,
): Promise<{ files: number }> {
  await ownUpload(db, userId, uploadId);
  if (!body) throw new ServiceError(400, "import.error.zipUnreadable");
  await mkdir(folder(), { recursive: true });
  const part = path.join(folder(), `${uploadId}-${randomUUID()}.part`);
  try {
    const out = createWriteStream(part, { mode: 0o600 });
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > MAX_MEDIA_ZIP_BYTES) {
          throw new ServiceError(413, "import.error.mediaZipTooLarge", {
            vars: { max: MAX_MEDIA_ZIP_BYTES / 1024 ** 3 },
          });
        }
        if (!out.write(chunk)) await once(out, "drain");
      }
    } finally {
      out.end();
      await once(out, "close");
    }
    if (size === 0) throw new ServiceError(400, "import.error.zipUnreadable");
    const zip = await openMediaZip(part);
    const files = zip.files;
    zip.close();
    await rename(part, zipOf(uploadId));
    return { files };
  } finally {
    await rm(part, { force: true });
  }
}

/** The uploads zip kept for export `uploadId`, opened; null when none was sent. Close it when done. */
export async function keptMediaZip(uploadId: number): Promise<MediaZip | null> {
  try {
    await stat(zipOf(uploadId));
  } catch {
    return null;
  }
  return openMediaZip(zipOf(uploadId));
}

/**
 * Removes the uploads zips whose export is gone (imported, or replaced by a newer one), and what an upload cut
 * off by a stopped server left behind.
 */
export async function dropStaleMediaZips(db: Database): Promise<void> {
  let names: string[];
  try {
    names = await readdir(folder());
  } catch {
    return;
  }
  const kept = new Set((await db.select({ id: importUploads.id }).from(importUploads).all()).map((row) => row.id));
  for (const name of names) {
    const id = /^(\d+)\.zip$/.exec(name)?.[1];
    if (id && kept.has(Number(id))) continue;
    // A part still arriving is younger than an hour.
    const info = await stat(path.join(folder(), name)).catch(() => null);
    if (!id && info && Date.now() - info.mtimeMs < 60 * 60_000) continue;
    await rm(path.join(folder(), name), { force: true });
  }
}
