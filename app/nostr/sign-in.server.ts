/**
 * Sign in with Nostr: a member links their own key (from a NIP-07 browser extension) to their account, then
 * signs in by signing a one-time challenge with it, without a password. The challenge is a NIP-42 style
 * event (kind 22242) naming this site and a challenge the server issued, good once and for five minutes.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { Event } from "nostr-tools/pure";
import { startSession, type SignIn } from "~/auth/account.server";
import type { CurrentUser } from "~/auth/current-user.server";
import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { requireRecentProof } from "~/auth/recent-proof.server";
import type { ClientInfo } from "~/auth/sessions.server";
import { isUniqueViolation, type UserRow } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { nostrChallenges, users } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";
import { isSiteOrigin } from "~/lib/site-origin.server";
import { kinds } from "./relay/limits";
import { signatureProblem, structureProblem } from "~/keys/verify-event.server";

const challengeTtlMs = 5 * 60_000;
const maxSkewSeconds = 10 * 60;
/**
 * Unexpired challenges the site holds at most, from everyone together: past it, new ones wait until old ones
 * expire (the per-address limit keeps one address from taking them all).
 */
export const maxOpenChallenges = 10_000;

/**
 * A new one-time challenge for the caller at `address` (counted against its limit). The table stays bounded:
 * challenges expire in five minutes and are swept, and at most `maxOpenChallenges` are open at once.
 */
export async function newChallenge(db: Database, address: string, now = Date.now()): Promise<string> {
  refuseOverLimit(await hit(db, limits.nostrChallengeByAddress, address || "unknown"));
  const open = await db
    .select({ n: count() })
    .from(nostrChallenges)
    .where(gt(nostrChallenges.expiresAt, new Date(now)))
    .get();
  if ((open?.n ?? 0) >= maxOpenChallenges) {
    throw new ServiceError(503, "api.tooManyRequests", { headers: { "Retry-After": "60" }, reason: "challenges" });
  }
  const challenge = randomBytes(24).toString("base64url");
  await db.insert(nostrChallenges).values({ challenge, expiresAt: new Date(now + challengeTtlMs) });
  return challenge;
}

/** Forgets challenges nobody answered in time (housekeeping). */
export async function deleteExpiredChallenges(db: Database, now = Date.now()): Promise<void> {
  await db.delete(nostrChallenges).where(lt(nostrChallenges.expiresAt, new Date(now)));
}

/**
 * The key that signed `value`, once it proves to be a fresh answer to one of our challenges for this site:
 * a valid signed kind 22242 event whose `relay` tag is one of the site's configured origins and whose
 * `challenge` tag is an unused, unexpired challenge (used up now, whatever happens next).
 */
export async function provenChallengeKey(db: Database, value: unknown, request: Request): Promise<string> {
  if (structureProblem(value)) throw new ServiceError(400, "nostr.signin.badEvent", { reason: "structure" });
  const event = value as Event;
  if (event.kind !== kinds.clientAuth || signatureProblem(event)) {
    throw new ServiceError(400, "nostr.signin.badEvent", { reason: "signature" });
  }
  const tag = (name: string) => event.tags.find((t) => t[0] === name)?.[1];
  if (!isSiteOrigin(tag("relay"), request)) throw new ServiceError(400, "nostr.signin.badEvent", { reason: "site" });
  if (Math.abs(event.created_at - Math.floor(Date.now() / 1000)) > maxSkewSeconds) {
    throw new ServiceError(400, "nostr.signin.badChallenge", { reason: "time" });
  }
  const used = await db
    .delete(nostrChallenges)
    .where(and(eq(nostrChallenges.challenge, tag("challenge") ?? ""), gt(nostrChallenges.expiresAt, new Date())))
    .returning({ challenge: nostrChallenges.challenge })
    .all();
  if (used.length !== 1) throw new ServiceError(400, "nostr.signin.badChallenge", { reason: "challenge" });
  return event.pubkey;
}

/** Signs in the member who linked the key that answered the challenge. */
export async function signInWithNostr(
  db: Database,
  event: unknown,
  request: Request,
  client: ClientInfo,
): Promise<{ user: UserRow } & SignIn> {
  refuseOverLimit(await hit(db, limits.nostrSignInByAddress, client.ip || "unknown"));
  const pubkey = await provenChallengeKey(db, event, request);
  const user = await db.select().from(users).where(eq(users.nostrPub, pubkey)).get();
  if (!user) throw new ServiceError(401, "nostr.signin.noAccount");
  const signIn = await startSession(db, user, request, client);
  await db.update(users).set({ nostrUsedAt: new Date() }).where(eq(users.id, user.id));
  return { user, ...signIn };
}

/**
 * Links the key that answered the challenge to the caller's account; 409 when another account has it. A key
 * that signs in is a way into the account for good, so the caller must have proved being its owner recently
 * (see requireRecentProof), not only hold a session.
 */
export async function linkKey(db: Database, user: CurrentUser, event: unknown, request: Request): Promise<string> {
  await requireRecentProof(db, user);
  const pubkey = await provenChallengeKey(db, event, request);
  const now = new Date();
  try {
    await db
      .update(users)
      .set({ nostrPub: pubkey, nostrLinkedAt: now, nostrUsedAt: null, updatedAt: now })
      .where(eq(users.id, user.id));
  } catch (error) {
    if (isUniqueViolation(error, "nostr_pub")) throw new ServiceError(409, "nostr.profile.keyTaken");
    throw error;
  }
  return pubkey;
}

export async function unlinkKey(db: Database, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ nostrPub: null, nostrLinkedAt: null, nostrUsedAt: null, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
