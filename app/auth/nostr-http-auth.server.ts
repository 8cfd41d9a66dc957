/**
 * HTTP requests signed with a Nostr key (NIP-98): `Authorization: Nostr <base64 of a kind 27235 event>`. The
 * event must be signed, made less than 60 seconds before or after now, name this exact URL (query included) at
 * one of the site's configured origins and this method, and, when the request has a body, carry the SHA-256 of
 * that body in a `payload` tag. Each event is accepted once, on every instance. A valid token authenticates the
 * request as the enabled member owning the key. Each refusal has its own message, as the clients expect them.
 */
import { createHash } from "node:crypto";
import { lt } from "drizzle-orm";
import { unpackEventFromToken, validateEventKind, validateEventMethodTag } from "nostr-tools/nip98";
import type { Event } from "nostr-tools/pure";
import { isUniqueViolation } from "~/auth/users.server";
import type { Database } from "~/db/client.server";
import { signedRequests } from "~/db/schema";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { siteOrigins } from "~/lib/site-origin.server";
import { signatureProblem, structureProblem } from "~/keys/verify-event.server";
import { deviceGaveFactor } from "./devices.server";
import { memberByKey, noteKeyUse } from "./member-keys.server";
import { hasSecondFactor } from "./second-factor-status.server";

const scheme = /^Nostr(?:\s+(.*))?$/is;

/** How far a token's created_at may be from now, in milliseconds, either way (exclusive). */
export const httpAuthWindowMs = 60_000;

/** Whether the request carries a Nostr authorization (valid or not). */
export function hasNostrAuthorization(request: Request): boolean {
  return scheme.test(request.headers.get("authorization")?.trim() ?? "");
}

function refuse(key: MessageKey, reason: string): never {
  throw new ServiceError(401, key, { reason, headers: { "WWW-Authenticate": "Nostr" } });
}

/** Whether a token made at `createdAt` (seconds) is within the window at `now` (milliseconds), without rounding. */
export function withinHttpAuthWindow(createdAt: number, now: number): boolean {
  return Math.abs(now - createdAt * 1000) < httpAuthWindowMs;
}

/**
 * Checks the request's token and returns its signed event. Throws a 401 ServiceError naming the failed check,
 * in the order NIP-98 gives them. Whether the event was used before is `memberOfHttpAuth`'s to check.
 */
export async function verifyHttpAuth(request: Request, now = Date.now()): Promise<Event> {
  const token = scheme.exec(request.headers.get("authorization")?.trim() ?? "")?.[1]?.trim();
  if (!token) refuse("nostr.auth.missingToken", "missing-token");
  let event: Event;
  try {
    event = await unpackEventFromToken(token);
  } catch {
    refuse("nostr.auth.invalidToken", "invalid-token");
  }
  if (structureProblem(event)) refuse("nostr.auth.invalidToken", "invalid-token");
  if (signatureProblem(event)) refuse("nostr.auth.signatureInvalid", "signature");
  if (!validateEventKind(event)) refuse("nostr.auth.kindInvalid", "kind");
  if (!withinHttpAuthWindow(event.created_at, now)) refuse("nostr.auth.createdAtInvalid", "created-at");
  // The URL must name the site as its configuration says, never as the request's Host does.
  const url = new URL(request.url);
  const signed = event.tags.find((t) => t[0] === "u")?.[1];
  if (!siteOrigins(request).some((origin) => origin + url.pathname + url.search === signed)) {
    refuse("nostr.auth.urlInvalid", "url");
  }
  if (!validateEventMethodTag(event, request.method)) refuse("nostr.auth.methodInvalid", "method");
  const body = await request.clone().arrayBuffer();
  if (body.byteLength > 0) {
    const hash = createHash("sha256").update(Buffer.from(body)).digest("hex");
    if (event.tags.find((t) => t[0] === "payload")?.[1] !== hash) refuse("nostr.auth.payloadInvalid", "payload");
  }
  return event;
}

/**
 * Records `event` as used; refuses it when it already was (here or on another instance: the primary key
 * decides). It is kept until it would be refused as too old anyway.
 */
async function acceptOnce(db: Database, event: Event): Promise<void> {
  try {
    await db
      .insert(signedRequests)
      .values({ eventId: event.id, expiresAt: new Date(event.created_at * 1000 + httpAuthWindowMs) });
  } catch (error) {
    if (isUniqueViolation(error)) refuse("nostr.auth.replayed", "replayed");
    throw error;
  }
}

/** Forgets signed requests that can no longer be accepted (housekeeping). */
export async function deleteExpiredSignedRequests(db: Database, now = Date.now()): Promise<void> {
  await db.delete(signedRequests).where(lt(signedRequests.expiresAt, new Date(now)));
}

/** The member a valid, unused token speaks for; 401 when the key belongs to nobody here. */
export async function memberOfHttpAuth(db: Database, request: Request): Promise<{ userId: number; event: Event }> {
  const event = await verifyHttpAuth(request);
  // Only members' events are remembered: a stranger's keys cost no rows.
  const userId = await memberByKey(db, event.pubkey);
  if (userId === undefined) refuse("nostr.auth.unknownKey", "unknown-key");
  // For an account with a second factor, only a browser key recorded by a session that gave it signs calls: not
  // the linked key, nor a browser from before the factor, whose stolen secret would otherwise skip the factor.
  if ((await hasSecondFactor(db, userId)) && !(await deviceGaveFactor(db, event.pubkey, userId))) {
    throw new ServiceError(403, "nostr.auth.needsSecondFactor", { reason: "needs-second-factor" });
  }
  await acceptOnce(db, event);
  await noteKeyUse(db, event.pubkey);
  return { userId, event };
}
