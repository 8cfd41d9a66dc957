/**
 * How many packs this instance writes at once. Each holds one object at a time and compresses it off the main
 * thread, but a pack's work grows with the repository: a few at once keep the site answering on a small machine.
 * A request for a pack waits its turn for a while, then is refused (503 with Retry-After).
 */

/** Packs written at once by one instance. */
export const PACKS_AT_ONCE = 2;
/** Requests that may wait for a turn; more are refused at once. */
export const PACKS_WAITING = 8;
/** How long a request waits for its turn before it is refused. */
export const PACK_WAIT_MS = 15_000;

export interface Slots {
  /** A slot (call `release` when done with it), or null when none came free in time or too many wait. */
  take(signal?: AbortSignal): Promise<(() => void) | null>;
  /** Slots taken now, and requests waiting. */
  readonly busy: number;
  readonly waiting: number;
}

export function createSlots(size: number, maxWaiting: number, waitMs: number): Slots {
  let busy = 0;
  const queue: ((granted: boolean) => void)[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next request waiting, or is free again.
      if (next) next(true);
      else busy--;
    };
  };

  return {
    get busy() {
      return busy;
    },
    get waiting() {
      return queue.length;
    },
    async take(signal) {
      if (busy < size) {
        busy++;
        return releaser();
      }
      if (queue.length >= maxWaiting || signal?.aborted) return null;
      const granted = await new Promise<boolean>((resolve) => {
        const entry = (ok: boolean) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve(ok);
        };
        const leave = () => {
          const at = queue.indexOf(entry);
          if (at >= 0) queue.splice(at, 1);
          entry(false);
        };
        const onAbort = () => leave();
        const timer = setTimeout(leave, waitMs);
        signal?.addEventListener("abort", onAbort, { once: true });
        queue.push(entry);
      });
      return granted ? releaser() : null;
    },
  };
}

/** This instance's pack slots. */
export const packSlots = createSlots(PACKS_AT_ONCE, PACKS_WAITING, PACK_WAIT_MS);
