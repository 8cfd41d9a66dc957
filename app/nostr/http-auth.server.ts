/**
 * HTTP requests signed with a Nostr key (NIP-98): `Authorization: Nostr <base64 of a kind 27235 event>`. The
 * event must be signed, made less than 60 seconds ago, name this exact URL (query included) and method, and,
 * when the request has a body, carry the SHA-256 of that body in a `payload` tag. A valid token authenticates
 * the request as the member owning the key. Each refusal has its own message, as the clients expect them.
 */
import { createHash } from "node:crypto";
import {
  unpackEventFromToken,
  validateEventKind,
  validateEventMethodTag,
  validateEventTimestamp,
} from "nostr-tools/nip98";
import type { Event } from "nostr-tools/pure";
import type { Database } from "~/db/client.server";
import type { MessageKey } from "~/i18n/translate";
import { ServiceError } from "~/lib/service-error";
import { siteOrigin } from "~/lib/site-origin.server";
import { signatureProblem, structureProblem } from "./relay/accept.server";
import { memberByKey } from "./member-keys.server";

const scheme = /^Nostr(?:\s+(.*))?$/is;

/** Whether the request carries a Nostr authorization (valid or not). */
export function hasNostrAuthorization(request: Request): boolean {
  return scheme.test(request.headers.get("authorization")?.trim() ?? "");
}

function refuse(key: MessageKey, reason: string): never {
  throw new ServiceError(401, key, { reason, headers: { "WWW-Authenticate": "Nostr" } });
}

/**
 * Checks the request's token and returns its signed event. Throws a 401 ServiceError naming the failed check,
 * in the order NIP-98 gives them.
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
  // Less than 60 seconds either side of now (a little clock skew is allowed into the future).
  if (!validateEventTimestamp({ ...event, created_at: event.created_at + Math.floor((Date.now() - now) / 1000) })) {
    refuse("nostr.auth.createdAtInvalid", "created-at");
  }
  const url = new URL(request.url);
  const absolute = siteOrigin(request) + url.pathname + url.search;
  if (event.tags.find((t) => t[0] === "u")?.[1] !== absolute) refuse("nostr.auth.urlInvalid", "url");
  if (!validateEventMethodTag(event, request.method)) refuse("nostr.auth.methodInvalid", "method");
  const body = await request.clone().arrayBuffer();
  if (body.byteLength > 0) {
    const hash = createHash("sha256").update(Buffer.from(body)).digest("hex");
    if (event.tags.find((t) => t[0] === "payload")?.[1] !== hash) refuse("nostr.auth.payloadInvalid", "payload");
  }
  return event;
}

/** The member a valid token speaks for; 401 when the key belongs to nobody here. */
export async function memberOfHttpAuth(db: Database, request: Request): Promise<{ userId: number; event: Event }> {
  const event = await verifyHttpAuth(request);
  const userId = await memberByKey(db, event.pubkey);
  if (userId === undefined) refuse("nostr.auth.unknownKey", "unknown-key");
  return { userId, event };
}
