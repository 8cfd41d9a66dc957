/**
 * Polls `check` until it gives a value (anything but undefined, false or null), for at most `ms`: for what another
 * process or a background task brings about in its own time.
 */
export async function within<T>(ms: number, check: () => Promise<T | undefined | false | null>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false && value !== null) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
