/**
 * Sign in with Nostr: a member links their own key (from a NIP-07 browser extension) to their account, then
 * signs in by signing a one-time challenge with it, without a password. The challenge is a NIP-42 style
 * event (kind 22242) naming this site and a challenge the server issued, good once and for five minutes.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Event } from "nostr-tools/pure";
import { startSession } from "~/auth/account.server";
import { hit, refuseOverLimit } from "~/auth/rate-limit.server";
import type { ClientInfo } from "~/auth/sessions.server";
import { isUniqueViolation, type UserRow } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { nostrChallenges, users } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";
import { kinds } from "./relay/limits";
import { signatureProblem, structureProblem } from "./relay/accept.server";

const challengeTtlMs = 5 * 60_000;
const maxSkewSeconds = 10 * 60;
const signInLimit = { name: "nostr-signin-ip", max: 30, windowMs: 10 * 60_000 };

/** A new one-time challenge (old ones are swept as new ones are made). */
export async function newChallenge(db: Database, now = Date.now()): Promise<string> {
  const challenge = randomBytes(24).toString("base64url");
  await db.delete(nostrChallenges).where(lt(nostrChallenges.expiresAt, new Date(now)));
  await db.insert(nostrChallenges).values({ challenge, expiresAt: new Date(now + challengeTtlMs) });
  return challenge;
}

/**
 * The key that signed `value`, once it proves to be a fresh answer to one of our challenges for this site:
 * a valid signed kind 22242 event whose `relay` tag is the site's origin and whose `challenge` tag is an
 * unused, unexpired challenge (used up now, whatever happens next).
 */
export async function provenChallengeKey(db: Database, value: unknown, origin: string): Promise<string> {
  if (structureProblem(value)) throw new ServiceError(400, "nostr.signin.badEvent", { reason: "structure" });
  const event = value as Event;
  if (event.kind !== kinds.clientAuth || signatureProblem(event)) {
    throw new ServiceError(400, "nostr.signin.badEvent", { reason: "signature" });
  }
  const tag = (name: string) => event.tags.find((t) => t[0] === name)?.[1];
  if (tag("relay") !== origin) throw new ServiceError(400, "nostr.signin.badEvent", { reason: "site" });
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
  origin: string,
  client: ClientInfo,
): Promise<{ user: UserRow; cookie: string }> {
  refuseOverLimit(await hit(db, signInLimit, client.ip || "unknown"));
  const pubkey = await provenChallengeKey(db, event, origin);
  const user = await db.select().from(users).where(eq(users.nostrPub, pubkey)).get();
  if (!user) throw new ServiceError(401, "nostr.signin.noAccount");
  const cookie = await startSession(db, user, request, client);
  return { user, cookie };
}

/** Links the key that answered the challenge to the account `userId`; 409 when another account has it. */
export async function linkKey(db: Database, userId: number, event: unknown, origin: string): Promise<string> {
  const pubkey = await provenChallengeKey(db, event, origin);
  try {
    await db.update(users).set({ nostrPub: pubkey, updatedAt: new Date() }).where(eq(users.id, userId));
  } catch (error) {
    if (isUniqueViolation(error, "nostr_pub")) throw new ServiceError(409, "nostr.profile.keyTaken");
    throw error;
  }
  return pubkey;
}

export async function unlinkKey(db: Database, userId: number): Promise<void> {
  await db.update(users).set({ nostrPub: null, updatedAt: new Date() }).where(eq(users.id, userId));
}
