import { BoundedMap } from "./bounded-map";

/**
 * A load made once and shared by every caller until `forget()`: a failed load is forgotten as it fails, so the
 * next call tries again instead of repeating the failure. A `forget()` during a load lets the next call start a
 * new one (what the running load read may be out of date); the running one still answers its callers.
 */
export function memoiseLoad<T>(load: () => Promise<T>): { get: () => Promise<T>; forget: () => void } {
  let current: Promise<T> | undefined;
  return {
    get() {
      if (current) return current;
      const started: Promise<T> = load().catch((error: unknown) => {
        if (current === started) current = undefined;
        throw error;
      });
      current = started;
      return started;
    },
    forget() {
      current = undefined;
    },
  };
}

/**
 * `memoiseLoad` per key, keeping the `limit` keys used last: `get(key, load)` runs `load` once per key while the
 * key is kept; a failed load is forgotten as it fails.
 */
export function memoiseLoads<K, T>(
  limit: number,
): { get: (key: K, load: () => Promise<T>) => Promise<T>; forget: (key?: K) => void } {
  const kept = new BoundedMap<K, Promise<T>>(limit);
  return {
    get(key, load) {
      const found = kept.get(key);
      if (found) return found;
      const started: Promise<T> = load().catch((error: unknown) => {
        if (kept.peek(key) === started) kept.delete(key);
        throw error;
      });
      kept.set(key, started);
      return started;
    },
    forget(key) {
      if (key === undefined) kept.clear();
      else kept.delete(key);
    },
  };
}
