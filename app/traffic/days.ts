/**
 * The visit log counts in UTC days: day n is 1970-01-01 plus n days, the same calendar day for every instance
 * whatever its time zone (the site's dates are UTC too). Dates travel as YYYY-MM-DD.
 */
export const DAY_MS = 86_400_000;

/** The day a moment falls on. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** "2026-03-21" for a day. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day of a "2026-03-21" that is a real calendar date, else undefined. */
export function dayOfIsoDate(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  // Date.UTC rolls 2026-02-30 over into March: a date that does not come back the same is not a date.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return dayOf(ms);
}
