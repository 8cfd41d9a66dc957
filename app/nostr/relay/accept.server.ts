/**
 * What the relay does with an EVENT: checks it (shape, sizes, id, signature, time) and decides by kind whether
 * it keeps it. It keeps members' profile metadata (kind 0) and gift-wrapped messages (kind 1059) addressed to
 * members; comments (kind 1111) it publishes itself for approved comments and takes from nobody else. Every
 * refusal is an OK message's reason with its NIP-01 prefix.
 */
import { validateZapRequest } from "nostr-tools/nip57";
import { getEventHash, verifyEvent, type Event } from "nostr-tools/pure";
import type { Database } from "~/db/client.server";
import { config } from "~/config.server";
import { memberKeysAmong } from "../member-keys.server";
import { payEndpointUrl, readPayEndpoint, zapRecipientByKey } from "../zaps.server";
import { kinds, relayLimits } from "./limits";

const hex = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`);
const hex64 = hex(64);
const hex128 = hex(128);

/** The event's structure as NIP-01 defines it, with the relay's size limits; the problem, or undefined. */
export function structureProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return "invalid: the event must be a JSON object";
  const e = value as Record<string, unknown>;
  if (typeof e.id !== "string" || !hex64.test(e.id)) return "invalid: id must be 64 lowercase hex characters";
  if (typeof e.pubkey !== "string" || !hex64.test(e.pubkey))
    return "invalid: pubkey must be 64 lowercase hex characters";
  if (typeof e.sig !== "string" || !hex128.test(e.sig)) return "invalid: sig must be 128 lowercase hex characters";
  if (!Number.isInteger(e.kind) || (e.kind as number) < 0 || (e.kind as number) > 65535) {
    return "invalid: kind must be a whole number from 0 to 65535";
  }
  if (!Number.isInteger(e.created_at) || (e.created_at as number) < 0)
    return "invalid: created_at must be a unix time in seconds";
  if (typeof e.content !== "string") return "invalid: content must be a string";
  if (e.content.length > relayLimits.maxContentLength) {
    return `invalid: content is longer than ${relayLimits.maxContentLength} characters`;
  }
  if (
    !Array.isArray(e.tags) ||
    !e.tags.every((t) => Array.isArray(t) && t.length > 0 && t.every((v) => typeof v === "string"))
  ) {
    return "invalid: tags must be arrays of strings";
  }
  if (e.tags.length > relayLimits.maxEventTags) return `invalid: more than ${relayLimits.maxEventTags} tags`;
  if ((e.tags as string[][]).some((t) => t.some((v) => v.length > relayLimits.maxTagValueLength))) {
    return `invalid: a tag value is longer than ${relayLimits.maxTagValueLength} characters`;
  }
  const keys = Object.keys(e);
  if (keys.some((k) => !["id", "pubkey", "created_at", "kind", "tags", "content", "sig"].includes(k))) {
    return "invalid: the event has fields NIP-01 does not define";
  }
  return undefined;
}

/** The id and signature: the id is the hash of the serialized event, the signature a Schnorr signature over it. */
export function signatureProblem(event: Event): string | undefined {
  if (getEventHash(event) !== event.id) return "invalid: id is not the hash of the event";
  // verifyEvent caches its verdict on the object: check a copy.
  if (!verifyEvent({ ...event })) return "invalid: bad signature";
  return undefined;
}

/** Whether the event's date is acceptable now. */
export function timeProblem(event: Event, now = Math.floor(Date.now() / 1000)): string | undefined {
  if (event.created_at > now + relayLimits.createdAtUpperLimit)
    return "invalid: event creation date is too far in the future";
  if (event.kind === kinds.giftWrap && event.created_at < now - relayLimits.createdAtLowerLimit) {
    return "invalid: event creation date is too far in the past";
  }
  return undefined;
}

/**
 * Whether the relay keeps this kind from this author: the refusal's reason, or undefined to keep it.
 * `writers`: the keys the connection has authenticated as (NIP-42); a member among them may also send
 * messages to people who are not members (answers to visitors).
 */
export async function policyProblem(
  db: Database,
  event: Event,
  writers: ReadonlySet<string> = new Set(),
): Promise<string | undefined> {
  switch (event.kind) {
    case kinds.metadata: {
      const members = await memberKeysAmong(db, [event.pubkey]);
      return members.has(event.pubkey)
        ? undefined
        : "blocked: this relay keeps the profiles of this site's members only";
    }
    case kinds.giftWrap: {
      const recipients = event.tags.filter((t) => t[0] === "p").map((t) => t[1]!);
      if (recipients.length !== 1 || !hex64.test(recipients[0]!)) {
        return "invalid: a gift wrap must name exactly one recipient in a p tag";
      }
      const members = await memberKeysAmong(db, [...recipients, ...writers]);
      if (members.has(recipients[0]!)) return undefined;
      if ([...writers].some((key) => members.has(key))) return undefined;
      return "blocked: this relay keeps messages addressed to this site's members only";
    }
    case kinds.comment:
      return "blocked: comments are written on the site's pages, where they are moderated";
    case kinds.zapReceipt:
      return zapReceiptProblem(db, event);
    default:
      return "blocked: this relay keeps profiles (kind 0), comments (kind 1111), messages (kind 1059) and zap receipts (kind 9735) only";
  }
}

/**
 * A zap receipt is kept when it is for a member and really from their wallet (NIP-57 appendix F): its
 * description is a valid zap request to the same member, and it is signed by the nostrPubkey their lightning
 * address's pay endpoint names.
 */
async function zapReceiptProblem(db: Database, event: Event): Promise<string | undefined> {
  const p = event.tags.filter((t) => t[0] === "p");
  if (p.length !== 1 || !hex64.test(p[0]![1] ?? "")) return "invalid: a zap receipt names one recipient in a p tag";
  const description = event.tags.find((t) => t[0] === "description")?.[1];
  if (!description || validateZapRequest(description) !== null)
    return "invalid: the description is not a valid zap request";
  const request = JSON.parse(description) as Event;
  if (request.tags.find((t) => t[0] === "p")?.[1] !== p[0]![1]) return "invalid: the zap request is for someone else";
  const recipient = await zapRecipientByKey(db, p[0]![1]!);
  if (!recipient) return "blocked: this relay keeps zap receipts for this site's members only";
  try {
    const endpoint = await readPayEndpoint(
      payEndpointUrl(recipient.lightningAddress, config().outboundAllowPrivate !== false),
    );
    if (endpoint.nostrPubkey !== event.pubkey) return "invalid: the receipt is not signed by the recipient's wallet";
  } catch {
    return "error: the recipient's wallet could not be asked, try again later";
  }
  return undefined;
}
