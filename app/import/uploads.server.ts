/**
 * Exports sent from the dashboard: the request's body is streamed to a temporary file (never whole in memory
 * while it arrives), bounded, read by its reader (which refuses what is not an export), then kept as read
 * (./packed-export.server.ts) in `import_uploads` so that whichever instance answers the preview or the import
 * finds it without reading it again. One per member; removed once imported.
 */
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { importUploads } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import type { ExportSource, ExportedSite } from "./model";
import { dropStaleMediaZips } from "./media-uploads.server";
import { unpackExport } from "./packed-export.server";
import { readExportApart } from "./read-apart.server";

/** The largest export the dashboard takes (the command line reads larger ones from the disk). */
export const MAX_UPLOADED_EXPORT_BYTES = 64 * 1024 * 1024;

function tooLarge(): never {
  throw new ServiceError(413, "import.error.exportTooLarge", {
    vars: { max: MAX_UPLOADED_EXPORT_BYTES / 1024 / 1024 },
  });
}

/** Keeps the export `body` for `userId` (replacing theirs); its id and what it holds. */
export async function saveUpload(
  db: Database,
  userId: number,
  kind: ExportSource,
  name: string,
  body: AsyncIterable<Uint8Array> | null,
): Promise<{ id: number; site: ExportedSite }> {
  if (!body) throw new ServiceError(400, "import.error.unreadableExport");
  const folder = await mkdtemp(path.join(tmpdir(), "daftar-import-"));
  const file = path.join(folder, "export");
  try {
    const out = createWriteStream(file);
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > MAX_UPLOADED_EXPORT_BYTES) tooLarge();
        if (!out.write(chunk)) await once(out, "drain");
      }
    } finally {
      out.end();
      await once(out, "close");
    }
    if (size === 0) throw new ServiceError(400, "import.error.unreadableExport");
    // Kept as read (packed), not as sent: the preview and the run take it from here without reading it again.
    const data = await readExportApart(kind, file);
    const site = await unpackExport(data);
    const id = await writeTransaction(db, async (tx) => {
      await tx.delete(importUploads).where(eq(importUploads.userId, userId));
      const [row] = await tx
        .insert(importUploads)
        .values({ userId, kind, name, data, format: "packed" })
        .returning({ id: importUploads.id });
      return row!.id;
    });
    // The uploads zip sent for the export this one replaces goes with it.
    await dropStaleMediaZips(db);
    return { id, site };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Refused (404) unless export `id` is kept for `userId`: said at once, before reading it. */
export async function keptUpload(db: Database, userId: number, id: number): Promise<void> {
  const row = await db
    .select({ id: importUploads.id })
    .from(importUploads)
    .where(and(eq(importUploads.id, id), eq(importUploads.userId, userId)))
    .get();
  if (!row) throw new ServiceError(404, "import.error.uploadGone");
}

/** The export `id` that `userId` sent, read again; 404 when it is not theirs or is gone. */
export async function uploadedExport(db: Database, userId: number, id: number): Promise<ExportedSite> {
  const row = await db
    .select()
    .from(importUploads)
    .where(and(eq(importUploads.id, id), eq(importUploads.userId, userId)))
    .get();
  if (!row) throw new ServiceError(404, "import.error.uploadGone");
  // An upload kept before exports were kept as read is read again, as the export it was sent as.
  return unpackExport(row.format === "packed" ? row.data : await readKeptBytes(row.kind, row.data));
}

/** An export kept as sent, read by the reader from a temporary file, packed. */
async function readKeptBytes(kind: ExportSource, bytes: Uint8Array): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), "daftar-import-"));
  try {
    const file = path.join(folder, "export");
    await writeFile(file, bytes);
    return await readExportApart(kind, file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export async function dropUpload(db: Database, userId: number, id: number): Promise<void> {
  await db.delete(importUploads).where(and(eq(importUploads.id, id), eq(importUploads.userId, userId)));
  await dropStaleMediaZips(db);
}
