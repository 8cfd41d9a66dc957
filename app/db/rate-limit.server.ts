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
const hour = 60 * minute;
const day = 24 * hour;

/**
 * The limits counted in the database, so that every instance counts together: the accounts domain's, then the
 * anonymous work each other area does for an address (sign-in challenges, packs of the site's repository, wallets
 * asked for visitors, what the relay stores for them).
 *
 * Login attempts are counted before the password is checked.
 *
 * Login failures are counted three ways so that guessing is slow but nobody can lock an owner out by failing
 * on purpose: a user name is public, so a hard lock on the name alone would be a lock anyone can set.
 * - per user name and address: the guesser's address is refused for that name; the owner's address is not;
 * - per address across names: one address cannot spray a common password over many accounts;
 * - per user name from everywhere: a ceiling far above what one person mistypes; past it, every attempt on the
 *   name waits longer before it is checked (see `loginDelayMs`) instead of being refused, so guessing from
 *   many addresses slows down while the owner still gets in.
 */
export const limits = {
  /** Failed login attempts from one address (across user names: against password spraying). */
  loginByAddress: { name: "login-ip", max: 50, windowMs: 15 * minute },
  /** Failed login attempts on one user name from one address; a successful login there clears it. */
  loginByNameAndAddress: { name: "login-name-ip", max: 8, windowMs: 15 * minute },
  /** Failed login attempts on one user name from all addresses: past this, attempts are slowed, not refused. */
  loginByName: { name: "login-name", max: 40, windowMs: 15 * minute },
  /** Registrations tried from one address. */
  registerByAddress: { name: "register-ip", max: 20, windowMs: 60 * minute },
  /**
   * Registrations tried for one user name from one address: someone hammering a name they want cannot stop
   * its rightful claimant elsewhere from taking it (a name is claimed once anyway: user names are unique).
   */
  registerByNameAndAddress: { name: "register-name-ip", max: 5, windowMs: 15 * minute },
  /** Confirmation links one member asks for (each is a message sent to an address they typed). */
  addressChangeByUser: { name: "address-change-user", max: 5, windowMs: hour },
  /** Password reset links asked for from one address (across the e-mail addresses asked about). */
  resetByAddress: { name: "reset-ip", max: 10, windowMs: 15 * minute },
  /**
   * Password reset links asked for one e-mail address from everywhere: its holder gets a few messages an hour at
   * most, however many ask. Counted whether or not an account has the address, so the limit tells nothing.
   */
  resetByTarget: { name: "reset-to", max: 3, windowMs: hour },
  /**
   * Uses of reset links from one address that did not work (counted before the link is looked at, refunded when
   * it works): each one that gets as far as hashing the new password costs the server real work.
   */
  resetAttemptsByAddress: { name: "reset-use-ip", max: 20, windowMs: 15 * minute },
  /** Current-password checks by one account (a stolen session cannot guess the password quickly). */
  passwordByUser: { name: "password-user", max: 8, windowMs: 15 * minute },
  /**
   * Second-factor codes (authenticator or recovery) tried for one account, at sign-in or on the profile; counted
   * before the code is looked at, a success clears it. Passkey answers are not counted.
   */
  secondFactorByUser: { name: "second-factor-user", max: 10, windowMs: 15 * minute },
  /**
   * Wrong codes in a row for one account, however slowly tried: only a success (or the command line) clears it.
   * At the bound the authenticator's codes are refused; a recovery code or a passkey still signs in.
   */
  secondFactorFailures: { name: "second-factor-failures", max: 100, windowMs: 10 * 365 * 24 * 60 * minute },
  /** Passkey challenges handed to one address (each is a row until it is used or expires). */
  passkeyChallengeByAddress: { name: "passkey-challenge-ip", max: 30, windowMs: 10 * minute },
  /** Sign-in challenges handed to one address (each is a row until it is used or expires). */
  nostrChallengeByAddress: { name: "nostr-challenge-ip", max: 30, windowMs: 10 * minute },
  /** Sign-ins with a Nostr key tried from one address. */
  nostrSignInByAddress: { name: "nostr-signin-ip", max: 30, windowMs: 10 * minute },
  /**
   * Packs of the site's repository (clones and fetches) sent to one address: each is work that grows with the
   * repository. A fetch is one pack; six a minute is far more than a person or a build machine needs.
   */
  gitPacksByAddress: { name: "git-pack-ip", max: 60, windowMs: 10 * minute },

  /**
   * Requests to lightning wallets made for one address, however asked: zap terms and invoices over HTTP, zap
   * receipts checked by the relay. Counted before the wallet is asked.
   */
  walletByAddress: { name: "wallet-ip", max: 30, windowMs: 10 * minute },
  /**
   * Gift wraps the relay keeps from connections not authenticated as a member, from one address (its IPv6 /64):
   * how many, and their bytes (eleven messages of the longest kind). Someone writing to the site's owner sends a
   * few.
   */
  strangerWrapsByAddress: { name: "relay-wraps-ip", max: 20, windowMs: hour },
  strangerWrapBytesByAddress: { name: "relay-wrap-bytes-ip", max: 1_000_000, windowMs: hour },
  /**
   * Gift wraps the relay keeps from non-members for one recipient (a member's key), from everywhere: past these
   * the member takes no more from strangers until the day's window ends; members still reach them.
   */
  strangerWrapsByRecipient: { name: "relay-wraps-to", max: 200, windowMs: day },
  strangerWrapBytesByRecipient: { name: "relay-wrap-bytes-to", max: 20_000_000, windowMs: day },
  /**
   * Preview links opened from one address (its IPv6 /64) that name no live link: unknown, revoked or expired. A
   * reader of a real link makes none; past this the address is refused until the window ends.
   */
  previewMissesByAddress: { name: "preview-miss-ip", max: 30, windowMs: 10 * minute },
  /** Bytes of events of any kind, members' included, the relay keeps from one address in a day. */
  relayBytesByAddress: { name: "relay-bytes-ip", max: 50_000_000, windowMs: day },
  /** Newsletter subscriptions asked for from one address (its IPv6 /64): each sends a confirmation message. */
  newsletterByAddress: { name: "newsletter-ip", max: 10, windowMs: hour },
  /**
   * Confirmation messages sent to one e-mail address from everywhere: its holder gets a few a day at most,
   * however many ask. Counted whether or not it is subscribed already, so the limit tells nothing.
   */
  newsletterByTarget: { name: "newsletter-to", max: 3, windowMs: day },
  /** Commenters' confirmation messages asked for from one address (each is a message to an address typed). */
  commenterConfirmByAddress: { name: "commenter-confirm-ip", max: 10, windowMs: hour },
  /** Commenters' confirmation messages sent to one e-mail address from everywhere: a few a day at most. */
  commenterConfirmByTarget: { name: "commenter-confirm-to", max: 3, windowMs: day },
  /**
   * Confirmation messages the whole site sends in an hour: many clients asking for many addresses cannot make it
   * a mail cannon. Past it the answer is the same and nothing is sent (and the log says so).
   */
  newsletterSiteWide: { name: "newsletter-site", max: 200, windowMs: hour },
} satisfies Record<string, Limit>;

export interface Hit {
  allowed: boolean;
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Counts one attempt by `subject` (or `amount` of something counted in units, such as bytes) and tells whether
 * the window's total is within the limit.
 */
export async function hit(db: Database, limit: Limit, subject: string, amount = 1): Promise<Hit> {
  const key = `${limit.name}:${subject.toLowerCase()}`;
  const now = Date.now();
  const resetAt = now + limit.windowMs;
  const row = await db
    .insert(rateLimits)
    .values({ key, count: amount, resetAt: new Date(resetAt) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= ${now} THEN ${amount} ELSE ${rateLimits.count} + ${amount} END`,
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

/** The longest an attempt on a user name under attack waits before its password is checked. */
export const loginDelayMaxMs = 5_000;

/**
 * How long an attempt waits when the name's failures from everywhere are past their ceiling: a quarter second
 * more for each failure over it, up to `loginDelayMaxMs`.
 */
export function loginDelayMs(byName: Hit): number {
  const over = byName.count - limits.loginByName.max;
  return over > 0 ? Math.min(loginDelayMaxMs, over * 250) : 0;
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
