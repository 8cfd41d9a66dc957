/**
 * The export reader's process (app/lib/worker-entries.ts), started by ./read-apart.server.ts for one read and
 * ended after it: reads an export (XML or JSON, and every post's HTML into markdown, seconds of work and a few
 * hundred megabytes for a large site) and writes it packed (./packed-export.server.ts) to the file it is given.
 * Its memory is its own, never the server's, and goes back to the system when it exits. A refusal comes back as
 * its message, not as an error, so the server says it in the writer's language.
 */
import { writeFile } from "node:fs/promises";
import { ServiceError } from "~/lib/service-error";
import { packExport } from "./packed-export.server";
import type { ReadAnswer, ReadJob } from "./read-apart.server";
import { readExport } from "./read-export.server";

// The server went away (it ended, or was killed): nobody waits for this read.
process.on("disconnect", () => process.exit(1));

process.once("message", (job: ReadJob) => {
  void (async (): Promise<ReadAnswer> => {
    try {
      await writeFile(job.out, packExport(await readExport(job.kind, job.file)));
      return { ok: true };
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return { ok: false, status: error.status, key: error.key, vars: error.vars };
    }
  })().then(
    (answer) => process.send!(answer, () => process.exit(0)),
    (error: unknown) => {
      console.error("The export's reader failed:", error);
      process.exit(1);
    },
  );
});
