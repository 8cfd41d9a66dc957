/** Reads a WordPress export (WXR). Replaced by the reader at merge. */
import type { ExportedSite } from "./model";

export function readWordPressExport(_xml: string): ExportedSite {
  throw new Error("reader not merged");
}
