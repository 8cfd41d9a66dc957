/**
 * The export reader's worker thread (app/lib/worker-entries.ts): reads an export (XML or JSON, and every post's
 * HTML into markdown, seconds of work for a large site) away from the server's thread, which keeps answering
 * readers meanwhile (app/import/read-in-thread.server.ts). What it read comes back packed
 * (./packed-export.server.ts). A refusal comes back as its message, not as an error,
 * so the caller says it in the writer's language.
 */
import { serveJobs } from "~/lib/worker-pool.server";
import { ServiceError } from "~/lib/service-error";
import { packExport } from "./packed-export.server";
import type { ReadAnswer, ReadJob } from "./read-in-thread.server";
import { readExport, readExportBytes } from "./read-export.server";

serveJobs(async (job: ReadJob): Promise<ReadAnswer> => {
  try {
    const site = "file" in job ? await readExport(job.kind, job.file) : await readExportBytes(job.kind, job.bytes);
    // Packed here, so the server's thread unpacks it a slice at a time rather than receiving it whole.
    return { ok: true, packed: packExport(site) };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return { ok: false, status: error.status, key: error.key, vars: error.vars };
  }
});
