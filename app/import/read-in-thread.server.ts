/**
 * An export read in a worker thread of its own (./export-worker.server.ts), so the server's thread is never held
 * for the seconds a large export takes (a WordPress site of 5,000 posts: about 20 s of parsing and HTML into
 * markdown). The thread is started for the read and ended after it, so the memory the read took is given back.
 * One read at a time per instance; a second waits its turn, briefly, or is told the server is busy.
 */
import type { MessageKey, Vars } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { WorkerPool } from "~/lib/worker-pool.server";
import { WorkRefused } from "~/lib/work-queue.server";
import type { ExportSource } from "./model";

export type ReadJob = { kind: ExportSource; file: string } | { kind: ExportSource; bytes: Uint8Array };

export type ReadAnswer = { ok: true; packed: Uint8Array } | { ok: false; status: number; key: MessageKey; vars?: Vars };

let pool: WorkerPool<ReadJob, ReadAnswer, "exports"> | undefined;
let reading = 0;

function readerPool() {
  pool ??= new WorkerPool<ReadJob, ReadAnswer, "exports">({
    entry: "export-worker",
    threads: 1,
    lanes: { exports: { queue: 2, maxWaitMs: 120_000 } },
    // The dashboard takes exports of up to 64 MB: about 25 s of CPU here; a file that needs ten times that is
    // not an export of a site.
    cpuLimitMs: 240_000,
    wallLimitMs: 480_000,
    // A 54 MB export (5,000 posts, 50,000 comments), streamed, is read within 192 MB of heap but not 128. The
    // bound is how far the thread's heap may grow (the server's memory: the thread is in its process), so it is
    // kept near what the largest export the dashboard takes (64 MB) needs.
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    refusal: () => ({ key: "import.error.exportTooHeavy" }),
  });
  return pool;
}

/** The export `job` names, read in the reader's thread and packed (./packed-export.server.ts); refused with the reader's message. */
export async function readExportInThread(job: ReadJob): Promise<Uint8Array> {
  reading++;
  try {
    const answer = await readerPool().run("exports", job);
    if (!answer.ok) throw new ServiceError(answer.status, answer.key, { vars: answer.vars });
    return answer.packed;
  } catch (error) {
    if (error instanceof WorkRefused && error.kind !== "busy")
      throw new ServiceError(422, error.key, { vars: error.vars });
    throw error;
  } finally {
    // The last read ends the thread: its heap goes with it.
    if (--reading === 0) {
      const done = pool;
      pool = undefined;
      await done?.close();
    }
  }
}
