/** The pause before the next attempt to send, after `attempts` failed ones: 1 s, doubling, at most a minute. */
export function pauseAfter(attempts: number, maxMs = 60_000): number {
  return Math.min(maxMs, 1000 * 2 ** Math.max(0, attempts - 1));
}
