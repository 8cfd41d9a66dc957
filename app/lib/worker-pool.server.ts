/**
 * Work off the event loop: a pool of worker threads for CPU work whose cost depends on what someone sent
 * (rendering markdown). The server's thread only passes messages, so however long a job takes, pages, static
 * files and every other request keep being answered.
 *
 * - Jobs wait in a bounded queue with lanes (app/lib/work-queue.server.ts): a full queue refuses at once with
 *   503 and "busy, try again"; a lane may be kept from holding every thread.
 * - Each job has a limit on the CPU time it uses, counted from when a ready thread takes it. A thread past it is
 *   terminated (V8 stops even a tight loop) and replaced, and the caller gets the pool's refusal (422, in its
 *   language). A job that has waited too long all the same (the machine is overloaded) is stopped as busy (503).
 * - Each thread has memory limits (`resourceLimits`): a job that needs more ends its thread, not the server,
 *   and is refused the same way; so is a job whose recursion overflows the thread's stack.
 * - Threads run at a lower CPU priority than the server's thread (Linux keeps a nice value per thread): on a
 *   machine with as many busy threads as cores, the server's thread still gets the CPU first.
 * - A thread says when it is ready (a renderer loads its grammars first), so its warm-up never counts against
 *   a job's time; `warm()` starts the threads kept ready when the server starts.
 * - Each thread holds tens of megabytes (its modules, its heap) even while it waits: threads beyond `kept` are
 *   started when jobs need them and end after `idleMs` without one, so a quiet server holds only those it keeps.
 *
 * The worker's side is `serveJobs(handle)`, called by the entry module (app/lib/worker-entries.ts).
 */
import os from "node:os";
import path from "node:path";
import { parentPort, Worker, type ResourceLimits } from "node:worker_threads";
import { projectRoot, workerEnvironment } from "~/config.server";
import type { MessageKey, Vars } from "~/i18n/translate";
import { WORKER_ENTRIES, type WorkerName } from "./worker-entries";
import { busy, WorkQueue, WorkRefused, type LaneOptions } from "./work-queue.server";

/** How much lower the threads' CPU priority is (a nice value: 0 is the server's, 19 the lowest). */
const WORKER_NICE = 10;

/** How often a running job's time is checked. */
const WATCH_INTERVAL_MS = 100;

/** The CPU time a thread has used, in microseconds; null where Node cannot tell (or the thread is gone). */
async function cpuTime(worker: Worker): Promise<number | null> {
  try {
    const usage = await worker.cpuUsage();
    return usage.user + usage.system;
  } catch {
    // The thread is gone, or this Node cannot tell (before 24.6): the time waited counts instead.
    return null;
  }
}

/** The entry of a worker: the built module next to the server's build, or the source run through tsx. */
export function workerEntry(name: WorkerName): { file: string; execArgv: string[] } {
  // The server build (and Vitest, Vite) define import.meta.env; plain tsx (scripts) does not.
  if (import.meta.env?.PROD) return { file: path.join(projectRoot, "build", "server", `${name}.js`), execArgv: [] };
  return { file: path.join(projectRoot, WORKER_ENTRIES[name]), execArgv: ["--import", "tsx"] };
}

export interface WorkerPoolOptions<Lane extends string> {
  entry: WorkerName;
  threads: number;
  lanes: Record<Lane, LaneOptions>;
  /**
   * A job that has used this much CPU time is stopped and refused (unless the job says otherwise): the thread's
   * own time, so a job that merely waited for the CPU (the thread runs at a lower priority, the machine may be
   * busy) is not taken for a heavy one.
   */
  cpuLimitMs: number;
  /** A job still unanswered after this long is stopped all the same, and refused as busy: its caller has waited. */
  wallLimitMs: number;
  resourceLimits: ResourceLimits;
  /** Threads kept ready while there is no work (default: all of them); the others end when idle. */
  kept?: number;
  /** How long a thread beyond `kept` waits for a job before it ends. */
  idleMs?: number;
  /** The message of a job stopped for its CPU time (the limit it had), its memory or its stack. */
  refusal: (kind: "time" | "memory" | "failed", cpuLimitMs: number) => { key: MessageKey; vars?: Vars };
}

export interface RunOptions {
  /** The caller's: a job whose caller went away while it waited for a thread is dropped. */
  signal?: AbortSignal;
  /** This job's CPU limit, instead of the pool's. */
  cpuLimitMs?: number;
}

interface Pending<Result> {
  id: number;
  resolve(result: Result): void;
  reject(error: Error): void;
  watch: ReturnType<typeof setInterval>;
}

interface Thread<Result> {
  worker: Worker;
  ready: Promise<void>;
  isReady: boolean;
  current?: Pending<Result>;
  gone: boolean;
  /** Ends a spare thread that has waited `idleMs` for a job. */
  idleTimer?: ReturnType<typeof setTimeout>;
}

/** How long a spare thread waits for a job before it ends, unless the pool says otherwise. */
const IDLE_MS = 60_000;

type Answer<Result> =
  | { ready: true }
  | { id: number; ok: true; result: Result }
  | { id: number; ok: false; error: { name: string; message: string } };

export class WorkerPool<Job, Result, Lane extends string> {
  private readonly queue: WorkQueue<Lane>;
  private idle: Thread<Result>[] = [];
  private readonly threads = new Set<Thread<Result>>();
  private nextId = 0;

  constructor(private readonly options: WorkerPoolOptions<Lane>) {
    this.queue = new WorkQueue(options.threads, options.lanes);
  }

  /**
   * The job's result, from a worker thread; refused with WorkRefused when busy, too slow or too big. A job whose
   * `signal` aborts while it waits for a thread is dropped (one already running finishes, within its limits).
   */
  run(lane: Lane, job: Job, { signal, cpuLimitMs = this.options.cpuLimitMs }: RunOptions = {}): Promise<Result> {
    return this.queue.run(
      lane,
      async () => {
        const thread = this.takeIdle();
        try {
          await thread.ready;
        } catch (error) {
          this.discard(thread);
          throw error;
        }
        return this.dispatch(thread, job, cpuLimitMs);
      },
      signal,
    );
  }

  /** Starts the threads kept ready now, so the first jobs find them ready. */
  warm(): void {
    while (this.threads.size < this.kept) this.idle.push(this.spawn());
  }

  /** How many threads are running (ready or starting), for tests and figures. */
  get size(): number {
    return this.threads.size;
  }

  private get kept(): number {
    return Math.min(this.options.kept ?? this.options.threads, this.options.threads);
  }

  /** Ends every thread (a job still running is refused as busy); later jobs start new ones. */
  async close(): Promise<void> {
    const threads = [...this.threads];
    this.idle = [];
    this.threads.clear();
    await Promise.all(
      threads.map(async (thread) => {
        thread.gone = true;
        clearTimeout(thread.idleTimer);
        const pending = thread.current;
        this.settle(thread);
        pending?.reject(busy());
        await thread.worker.terminate();
      }),
    );
  }

  stats() {
    return this.queue.stats();
  }

  private takeIdle(): Thread<Result> {
    const ready = this.idle.findIndex((thread) => thread.isReady);
    const thread = ready >= 0 ? this.idle.splice(ready, 1)[0]! : (this.idle.pop() ?? this.spawn());
    clearTimeout(thread.idleTimer);
    return thread;
  }

  /** The thread waits for the next job; a spare one ends if none comes within `idleMs`. */
  private rest(thread: Thread<Result>): void {
    this.idle.push(thread);
    if (this.threads.size <= this.kept) return;
    thread.idleTimer = setTimeout(() => {
      if (thread.gone || thread.current || this.threads.size <= this.kept) return;
      thread.gone = true;
      this.idle = this.idle.filter((other) => other !== thread);
      this.threads.delete(thread);
      void thread.worker.terminate();
    }, this.options.idleMs ?? IDLE_MS);
    thread.idleTimer.unref();
  }

  private spawn(): Thread<Result> {
    const { file, execArgv } = workerEntry(this.options.entry);
    const worker = new Worker(file, {
      execArgv,
      resourceLimits: this.options.resourceLimits,
      env: workerEnvironment({ TSX_TSCONFIG_PATH: path.join(projectRoot, "tsconfig.json") }),
    });
    let markReady!: () => void;
    let failReady!: (error: Error) => void;
    const thread: Thread<Result> = {
      worker,
      isReady: false,
      gone: false,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      }),
    };
    // Nobody may be waiting yet: a failure to start is reported to the job that takes this thread.
    thread.ready.catch(() => {});
    this.threads.add(thread);
    worker.on("message", (answer: Answer<Result>) => {
      if ("ready" in answer) {
        thread.isReady = true;
        markReady();
        if (!thread.current) worker.unref();
        return;
      }
      const pending = thread.current;
      if (!pending || pending.id !== answer.id) return;
      this.settle(thread);
      if (answer.ok) {
        this.rest(thread);
        pending.resolve(answer.result);
      } else if (answer.error.name === "RangeError") {
        // The stack or a string or array ran out: the input is too much for the thread.
        this.rest(thread);
        pending.reject(this.refused("failed"));
      } else {
        this.rest(thread);
        pending.reject(new Error(`${answer.error.name}: ${answer.error.message}`));
      }
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const kind = error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "memory" : "failed";
      failReady(error);
      const pending = thread.current;
      this.discard(thread);
      if (pending) pending.reject(kind === "memory" ? this.refused("memory") : error);
      else if (kind !== "memory") console.error(`A ${this.options.entry} thread failed:`, error);
    });
    worker.on("exit", () => {
      failReady(new Error(`the ${this.options.entry} thread exited before it was ready`));
      const pending = thread.current;
      this.discard(thread);
      pending?.reject(this.refused("failed"));
    });
    return thread;
  }

  private dispatch(thread: Thread<Result>, job: Job, cpuLimitMs: number): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const id = ++this.nextId;
      const started = performance.now();
      const baseline = cpuTime(thread.worker);
      const stop = (refusal: WorkRefused) => {
        if (thread.current?.id !== id) return;
        this.settle(thread);
        this.discard(thread);
        reject(refusal);
      };
      // Checked a few times a second: the limit holds within that much.
      const watch = setInterval(() => {
        const waited = performance.now() - started;
        if (waited > this.options.wallLimitMs) return stop(busy());
        void Promise.all([baseline, cpuTime(thread.worker)]).then(([before, now]) => {
          const used = before === null || now === null ? waited : (now - before) / 1000;
          if (used > cpuLimitMs) stop(this.refused("time", cpuLimitMs));
        });
      }, WATCH_INTERVAL_MS);
      thread.current = { id, resolve, reject, watch };
      thread.worker.ref();
      thread.worker.postMessage({ id, job });
    });
  }

  /** The thread's job is over (answered, failed or out of time). */
  private settle(thread: Thread<Result>): void {
    if (thread.current) clearInterval(thread.current.watch);
    thread.current = undefined;
    if (!thread.gone) thread.worker.unref();
  }

  /**
   * Ends a thread that failed or ran out of time. One that had started is replaced at once, so the next job
   * finds a thread ready; one that never started is not (its entry is broken: retrying would only loop).
   */
  private discard(thread: Thread<Result>): void {
    if (thread.gone) return;
    thread.gone = true;
    clearTimeout(thread.idleTimer);
    this.idle = this.idle.filter((other) => other !== thread);
    this.threads.delete(thread);
    thread.current = undefined;
    void thread.worker.terminate();
    if (thread.isReady) this.idle.push(this.spawn());
  }

  private refused(kind: "time" | "memory" | "failed", cpuLimitMs = this.options.cpuLimitMs): WorkRefused {
    const { key, vars } = this.options.refusal(kind, cpuLimitMs);
    return new WorkRefused(kind, key, vars);
  }
}

/**
 * The worker's side: answers each job with `handle`'s result. `warm` runs first (loading what every job needs),
 * then the thread says it is ready.
 */
export function serveJobs<Job, Result>(
  handle: (job: Job) => Promise<Result> | Result,
  warm?: () => Promise<unknown>,
): void {
  const port = parentPort;
  if (!port) throw new Error("serveJobs runs in a worker thread");
  try {
    os.setPriority(WORKER_NICE);
  } catch {
    // Not every system lets a thread lower its own priority; the time limit still holds.
  }
  void (async () => {
    await warm?.();
    port.on("message", async ({ id, job }: { id: number; job: Job }) => {
      try {
        port.postMessage({ id, ok: true, result: await handle(job) });
      } catch (error) {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        port.postMessage({ id, ok: false, error: { name, message } });
      }
    });
    port.postMessage({ ready: true });
  })();
}
