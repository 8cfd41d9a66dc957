/**
 * A bounded queue for heavy work: at most `slots` jobs run at once, the rest wait in their lane's queue, and a
 * lane whose queue is full refuses at once (503, "busy, try again") instead of piling requests up in memory.
 * Lanes keep one kind of caller from taking everything: a lane may be allowed fewer running jobs than there are
 * slots (members' previews never hold every worker, so readers' pages always find one), and a free slot goes to
 * the first lane, in the order they are declared, that has a job waiting and room to run it.
 *
 * Used for markdown rendering (app/lib/worker-pool.server.ts) and image work (app/media/image-work.server.ts).
 */
import type { MessageKey, Vars } from "~/i18n/translate";
import { ServiceError } from "./service-error";

/** Why heavy work was refused: the queue was full, or the job ran past its time or memory and was stopped. */
export type RefusalKind = "busy" | "time" | "memory" | "failed";

/** Seconds a refused caller is told to wait before trying again. */
export const BUSY_RETRY_SECONDS = 5;

/** A refusal of heavy work: a ServiceError, so API routes answer it as they answer every refusal. */
export class WorkRefused extends ServiceError {
  constructor(
    readonly kind: RefusalKind,
    key: MessageKey,
    vars?: Vars,
  ) {
    super(kind === "busy" ? 503 : 422, key, {
      vars,
      headers: kind === "busy" ? { "Retry-After": String(BUSY_RETRY_SECONDS) } : undefined,
    });
    this.name = "WorkRefused";
  }
}

export function busy(): WorkRefused {
  return new WorkRefused("busy", "common.error.busy");
}

export interface LaneOptions {
  /** Jobs that may wait in this lane; the next one is refused at once. */
  queue: number;
  /** Jobs of this lane running at once, at most (default: every slot). */
  running?: number;
  /** A job that waited this long is refused rather than started: its caller has waited long enough. */
  maxWaitMs: number;
}

interface Waiting {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

interface LaneState extends LaneOptions {
  waiting: Waiting[];
  active: number;
}

export class WorkQueue<Lane extends string> {
  private readonly lanes: Map<Lane, LaneState>;
  private active = 0;

  constructor(
    readonly slots: number,
    lanes: Record<Lane, LaneOptions>,
  ) {
    this.lanes = new Map(
      (Object.entries(lanes) as [Lane, LaneOptions][]).map(([name, options]) => [
        name,
        { ...options, waiting: [], active: 0 },
      ]),
    );
  }

  /**
   * Runs `work` when a slot is free for `lane`; refuses with "busy" when the lane's queue is full. A job whose
   * `signal` aborts while it waits (its caller went away) leaves the queue without running.
   */
  run<T>(lane: Lane, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const state = this.lanes.get(lane);
    if (!state) throw new Error(`WorkQueue: no lane ${lane}`);
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(busy());
        return;
      }
      if (this.mayStart(state) && state.waiting.length === 0) {
        this.take(state);
        resolve();
        return;
      }
      if (state.waiting.length >= state.queue) {
        reject(busy());
        return;
      }
      const leave = () => {
        const index = state.waiting.indexOf(entry);
        if (index >= 0) state.waiting.splice(index, 1);
        clearTimeout(entry.timer);
        reject(busy());
      };
      const entry: Waiting = {
        start: () => {
          signal?.removeEventListener("abort", leave);
          resolve();
        },
        timer: setTimeout(leave, state.maxWaitMs),
      };
      entry.timer.unref?.();
      signal?.addEventListener("abort", leave, { once: true });
      state.waiting.push(entry);
    }).then(() => work().finally(() => this.release(state)));
  }

  /** Jobs running and waiting, per lane (for tests and the operator's eye). */
  stats(): Record<Lane, { running: number; waiting: number }> {
    return Object.fromEntries(
      [...this.lanes].map(([name, state]) => [name, { running: state.active, waiting: state.waiting.length }]),
    ) as Record<Lane, { running: number; waiting: number }>;
  }

  private mayStart(state: LaneState): boolean {
    return this.active < this.slots && state.active < (state.running ?? this.slots);
  }

  private take(state: LaneState): void {
    this.active++;
    state.active++;
  }

  private release(state: LaneState): void {
    this.active--;
    state.active--;
    for (const lane of this.lanes.values()) {
      while (lane.waiting.length > 0 && this.mayStart(lane)) {
        const next = lane.waiting.shift()!;
        clearTimeout(next.timer);
        this.take(lane);
        next.start();
      }
    }
  }
}
