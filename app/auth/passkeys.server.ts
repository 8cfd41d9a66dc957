/**
 * Passkeys (WebAuthn): discoverable credentials that verify their user, so one is both factors at once. The
 * relying party is the site's own host (from its configured address, never the request's Host); challenges are
 * kept in the database for two minutes and taken once, so any instance can check the answer to another's.
 */
import { getRandomValues } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, count, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passkeys, webauthnChallenges } from "~/db/schema";
import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { addressKey } from "~/lib/address-key.server";
import { ServiceError } from "~/lib/service-error";
import { siteOrigin, siteOrigins } from "~/lib/site-origin.server";

export type PasskeyPurpose = "register" | "sign-in" | "second-step" | "confirm";

const challengeTtlMs = 2 * 60_000;
/**
 * Unexpired anonymous (sign-in) challenges held at once, from everyone: past it, new ones wait (the address limit
 * shares it out). Challenges bound to an account count only against that account's own bound.
 */
const maxOpenChallenges = 10_000;
/** Unexpired challenges bound to one account held at once. */
const maxOpenPerAccount = 10;
/** Passkeys one account may hold. */
export const maxPasskeys = 20;

const rpId = (request: Request) => new URL(siteOrigin(request)).hostname;

/**
 * A new challenge's bytes, kept as the base64url text the browser's answer names (the options carry the bytes so
 * encoded).
 */
async function newChallenge(
  db: Database,
  purpose: PasskeyPurpose,
  userId: number | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const now = Date.now();
  const open = await db
    .select({ n: count() })
    .from(webauthnChallenges)
    .where(
      and(
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, new Date(now)),
      ),
    )
    .get();
  if (userId === null && (open?.n ?? 0) >= maxOpenChallenges) {
    throw new ServiceError(503, "api.tooManyRequests", { headers: { "Retry-After": "60" }, reason: "challenges" });
  }
  if (userId !== null && (open?.n ?? 0) >= maxOpenPerAccount) {
    throw new ServiceError(429, "api.tooManyRequests", { headers: { "Retry-After": "120" }, reason: "challenges" });
  }
  const bytes = new Uint8Array(32);
  getRandomValues(bytes);
  const challenge = Buffer.from(bytes).toString("base64url");
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now + challengeTtlMs) });
  return bytes;
}

/** The challenge an answer names, taken (once) if it is live and was made for `purpose` and `userId`. */
async function takeChallenge(
  db: Database,
  response: { response: { clientDataJSON: string } },
  purpose: PasskeyPurpose,
  userId: number | null,
): Promise<string> {
  let named: unknown;
  try {
    named = (
      JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8")) as {
        challenge?: unknown;
      }
    ).challenge;
  } catch {
    named = undefined;
  }
  if (typeof named !== "string") throw new ServiceError(400, "auth.passkey.failed", { reason: "client-data" });
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, named),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge })
    .all();
  if (taken.length !== 1) throw new ServiceError(400, "auth.passkey.expired", { reason: "challenge" });
  return named;
}

/** Options for adding a passkey to `user`'s account (its existing ones excluded). */
export async function registrationOptions(
  db: Database,
  user: { id: number; userName: string; displayName: string },
  request: Request,
  siteName: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id)).all();
  if (existing.length >= maxPasskeys)
    throw new ServiceError(409, "auth.passkey.tooMany", { vars: { max: maxPasskeys } });
  return generateRegistrationOptions({
    rpName: siteName,
    rpID: rpId(request),
    userName: user.userName,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(`daftar-user-${user.id}`),
    challenge: await newChallenge(db, "register", user.id),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports ?? undefined })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

/** Checks the authenticator's answer to a registration challenge and keeps the new passkey as `name`. */
export async function addPasskey(
  db: Database,
  userId: number,
  name: string,
  response: RegistrationResponseJSON,
  request: Request,
): Promise<void> {
  const challenge = await takeChallenge(db, response, "register", userId);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: siteOrigins(request),
    expectedRPID: rpId(request),
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verified.verified) throw new ServiceError(400, "auth.passkey.failed", { reason: "registration" });
  const { credential } = verified.registrationInfo;
  const inserted = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      name,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id })
    .all();
  if (inserted.length !== 1) throw new ServiceError(409, "auth.passkey.exists");
}

/**
 * Options for using a passkey: any discoverable one (`sign-in`), or one of `userId`'s (`second-step`, `confirm`).
 * Signing in is open to anyone: counted per address (an IPv6 client's whole /64, `addressKey`).
 */
export async function authenticationOptions(
  db: Database,
  request: Request,
  purpose: Exclude<PasskeyPurpose, "register">,
  userId: number | null,
  address: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (userId === null) refuseOverLimit(await hit(db, limits.passkeyChallengeByAddress, addressKey(address)));
  const allowed =
    userId === null
      ? []
      : await db
          .select({ id: passkeys.id, transports: passkeys.transports })
          .from(passkeys)
          .where(eq(passkeys.userId, userId))
          .all();
  if (userId !== null && allowed.length === 0) throw new ServiceError(409, "auth.passkey.none");
  return generateAuthenticationOptions({
    rpID: rpId(request),
    challenge: await newChallenge(db, purpose, userId),
    userVerification: "required",
    allowCredentials: allowed.map((p) => ({ id: p.id, transports: p.transports ?? undefined })),
  });
}

/**
 * The account whose passkey answered a challenge made for `purpose` (and `userId`, when it names one); the
 * passkey's counter and last use are noted. Refused when the passkey is unknown, another account's, or its
 * signature or user verification fails.
 */
export async function verifyPasskey(
  db: Database,
  response: AuthenticationResponseJSON,
  request: Request,
  purpose: Exclude<PasskeyPurpose, "register">,
  userId: number | null,
): Promise<number> {
  const challenge = await takeChallenge(db, response, purpose, userId);
  const stored = await db.select().from(passkeys).where(eq(passkeys.id, response.id)).get();
  if (!stored || (userId !== null && stored.userId !== userId)) {
    throw new ServiceError(400, "auth.passkey.unknown", { reason: "credential" });
  }
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: siteOrigins(request),
    expectedRPID: rpId(request),
    requireUserVerification: true,
    credential: {
      id: stored.id,
      publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
      counter: stored.counter,
      transports: stored.transports ?? undefined,
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verified.verified || !verified.authenticationInfo) {
    throw new ServiceError(400, "auth.passkey.failed", { reason: "signature" });
  }
  await db
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, stored.id));
  return stored.userId;
}

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function passkeysOf(db: Database, userId: number): Promise<PasskeyView[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt))
    .all();
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt.toISOString(),
    lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function passkeyCount(db: Database, userId: number): Promise<number> {
  const row = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get();
  return row?.n ?? 0;
}

/** Removes one of `userId`'s passkeys; whether there was one. */
export async function deletePasskey(db: Database, userId: number, id: string): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id })
    .all();
  return removed.length === 1;
}

/** Forgets challenges nobody answered in time (housekeeping). */
export async function deleteExpiredWebauthnChallenges(db: Database): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
}
