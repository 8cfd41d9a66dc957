/** Reads a Ghost export (JSON). Replaced by the reader at merge. */
import type { ExportedSite } from "./model";

export function readGhostExport(_json: string): ExportedSite {
  throw new Error("reader not merged");
}
