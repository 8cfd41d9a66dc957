import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";

/**
 * Fixed-window counters kept in the database (table rate_limits), so every server process sharing the
 * database counts together. One atomic upsert per attempt: parallel requests cannot slip past the limit.
 */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const minute = 60_000;

/** The limits of the accounts domain. Attempts are counted before the password is checked. */
export const limits = {
  /** Failed login attempts from one address (across user names: against password spraying). */
  loginByAddress: { name: "login-ip", max: 50, windowMs: 15 * minute },
  /** Login attempts on one user name; a successful login clears it. */
  loginByName: { name: "login-name", max: 8, windowMs: 15 * minute },
  /** Registrations tried from one address. */
  registerByAddress: { name: "register-ip", max: 20, windowMs: 60 * minute },
  /** Registrations tried for one user name. */
  registerByName: { name: "register-name", max: 5, windowMs: 15 * minute },
  /** Current-password checks by one account (a stolen session cannot guess the password quickly). */
  passwordByUser: { name: "password-user", max: 8, windowMs: 15 * minute },
} satisfies Record<string, Limit>;

export interface Hit {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/** Counts one attempt by `subject` and tells whether it is within the limit. */
export async function hit(db: Database, limit: Limit, subject: string): Promise<Hit> {
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const now = Date.now();
  const resetAt = now + limit.windowMs;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(resetAt) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning()
    .get();
  return {
    allowed: row.count <= limit.max,
    count: row.count,
    retryAfter: Math.max(1, Math.ceil((row.resetAt.getTime() - now) / 1000)),
  };
}

/** Refuses with 429 "Too many attempts…" and Retry-After (the longest wait) when any hit is over its limit. */
export function refuseOverLimit(...hits: Hit[]): void {
  const over = hits.filter((h) => !h.allowed);
  if (over.length === 0) return;
  const retryAfter = Math.max(...over.map((h) => h.retryAfter));
  throw new ServiceError(429, "api.tooManyRequests", { headers: { "Retry-After": String(retryAfter) } });
}

/**
 * Gives back one counted attempt (a login that succeeded): counting before the check keeps parallel
 * attempts from slipping through, giving back afterwards makes only failures use up the limit.
 */
export async function refund(db: Database, limit: Limit, subject: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, `${limit.name}:${subject.toLowerCase()}`));
}

/** Forgets the attempts of `subject` (after a successful login). */
export async function reset(db: Database, limit: Limit, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${limit.name}:${subject.toLowerCase()}`));
}

/** Drops windows that are over (housekeeping; counters past their window are reset on use anyway). */
export async function deleteExpiredLimits(db: Database): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= ${Date.now()}`);
}
