/**
 * An export read in a process of its own (./export-reader.server.ts), started for the read and ended after it:
 * a large export takes seconds of CPU and a few hundred megabytes (the reader's modules, the XML, every post's HTML
 * and its markdown), none of it the server's, which keeps answering readers meanwhile and holds only what comes
 * back: the export packed (./packed-export.server.ts), written by the reader to a file beside the export.
 *
 * The reader is bounded as the server's own work is: its heap (past it V8 ends the process), its CPU time and
 * the time it may take (past them it is killed). Either is refused as too heavy for a reading; a reader that ends
 * otherwise (killed by someone else, crashed) fails the call, and nothing is kept. One read at a time per
 * instance; a second waits its turn, briefly, or is told the server is busy. The reader belongs to the instance
 * whose call started it (an import's run holds the import's lease while it reads), and ends with it: killed when
 * the server exits, and, when the server is killed while the reader is busy converting (it hears its parent go
 * only between tasks), ended by the kernel's CPU limit.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { projectRoot, workerEnvironment } from "~/config.server";
import type { MessageKey, Vars } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { workerEntry } from "~/lib/worker-pool.server";
import { WorkQueue } from "~/lib/work-queue.server";
import type { ExportSource } from "./model";

/** What the reader is asked: the export's file, and where to write it packed. */
export interface ReadJob {
  kind: ExportSource;
  file: string;
  out: string;
}

export type ReadAnswer = { ok: true } | { ok: false; status: number; key: MessageKey; vars?: Vars };

/**
 * The dashboard takes exports of up to 64 MB: about 25 s of CPU here; a file that needs ten times that is not an
 * export of a site.
 */
const CPU_LIMIT_MS = 240_000;
const WALL_LIMIT_MS = 480_000;
const WATCH_INTERVAL_MS = 500;

/**
 * Node's flags for the reader. A 54 MB export (5,000 posts, 50,000 comments), streamed, is read within 192 MB of
 * heap but not 128: the bound is kept near what the largest export the dashboard takes (64 MB) needs, so a
 * hostile one stops there. A small young generation, as the server's (scripts/start-flags.ts).
 */
const READER_FLAGS = ["--max-old-space-size=256", "--max-semi-space-size=8"];

/** How much lower the reader's CPU priority is than the server's: readers' pages go first. */
const READER_NICE = 10;

/**
 * The kernel's bounds on the reader, set by the shell that then becomes it: CPU a little past the watchdog's limit
 * (past it the kernel ends the process with SIGXCPU), the backstop when no server is watching; and no core file
 * when V8 aborts it at its heap limit (a few hundred megabytes each).
 */
const READER_LIMITS = `ulimit -t ${CPU_LIMIT_MS / 1000 + 10} && ulimit -c 0 && exec "$@"`;

/** Readers running now: killed if the server exits first. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

const queue = new WorkQueue(1, { exports: { queue: 2, maxWaitMs: 120_000 } });

function tooHeavy(): ServiceError {
  return new ServiceError(422, "import.error.exportTooHeavy");
}

/** The CPU time process `pid` has used, in ms; null where Linux's count cannot be read (it has ended). */
async function cpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "utf8");
    // The fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th, in ticks.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

function readInChild(job: ReadJob): Promise<void> {
  const { file, execArgv } = workerEntry("export-reader");
  const command = [process.execPath, ...execArgv, ...READER_FLAGS, file];
  const child = spawn("/bin/sh", ["-c", READER_LIMITS, "export-reader", ...command], {
    env: workerEnvironment({ TSX_TSCONFIG_PATH: path.join(projectRoot, "tsconfig.json") }),
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  running.add(child);
  return new Promise<void>((resolve, reject) => {
    let answer: ReadAnswer | undefined;
    let stopped: ServiceError | undefined;
    const started = Date.now();
    const stop = (refusal: ServiceError) => {
      stopped ??= refusal;
      child.kill("SIGKILL");
    };
    const watch = setInterval(() => {
      if (Date.now() - started > WALL_LIMIT_MS) return stop(tooHeavy());
      void cpuMs(child.pid!).then((used) => {
        if (used !== null && used > CPU_LIMIT_MS) stop(tooHeavy());
      });
    }, WATCH_INTERVAL_MS);
    child.once("spawn", () => {
      try {
        os.setPriority(child.pid!, READER_NICE);
      } catch {
        // Not allowed here: the reader runs at the server's priority.
      }
      child.send(job);
    });
    child.on("message", (message: ReadAnswer) => (answer ??= message));
    child.once("error", (error) => {
      clearInterval(watch);
      running.delete(child);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearInterval(watch);
      running.delete(child);
      if (stopped) return reject(stopped);
      if (answer?.ok) return resolve();
      if (answer) return reject(new ServiceError(answer.status, answer.key, { vars: answer.vars }));
      // V8 aborts the process when its heap is full, the kernel at its CPU limit: too much for a reading.
      if (signal === "SIGABRT" || signal === "SIGXCPU" || code === 134) return reject(tooHeavy());
      reject(new Error(`The export's reader ended before answering (${signal ?? `exit code ${code}`})`));
    });
  });
}

/**
 * The export in `file`, read in a reader process of its own and packed (./packed-export.server.ts); refused with
 * the reader's message. The packed export is written beside `file` and removed once read back.
 */
export async function readExportApart(kind: ExportSource, file: string): Promise<Buffer> {
  const out = `${file}.packed`;
  try {
    return await queue.run("exports", async () => {
      await readInChild({ kind, file, out });
      return readFile(out);
    });
  } finally {
    await rm(out, { force: true });
  }
}
