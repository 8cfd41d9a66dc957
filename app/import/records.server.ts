/**
 * What finished imports recorded of an export's keys (`imported_items`). A run writes its records batch by batch
 * as it writes the rows they name, and its last transaction marks it done: until then (and for ever, when it fails
 * or stops) its records count for nothing, so importing the export again brings those items in again.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { importRuns, importedItems } from "~/db/schema";

export type ImportedRecord = typeof importedItems.$inferSelect;

export async function finishedRecords(
  db: Database,
  exportId: string,
  kind?: ImportedRecord["kind"],
): Promise<ImportedRecord[]> {
  const rows = await db
    .select({ record: importedItems })
    .from(importedItems)
    .innerJoin(importRuns, eq(importRuns.id, importedItems.runId))
    .where(
      and(
        eq(importedItems.exportId, exportId),
        eq(importRuns.state, "done"),
        kind ? eq(importedItems.kind, kind) : undefined,
      ),
    )
    .all();
  return rows.map((row) => row.record);
}
