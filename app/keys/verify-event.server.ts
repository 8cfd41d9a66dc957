import { getEventHash, verifyEvent, type Event } from "nostr-tools/pure";
import * as z from "zod";
import { commentKind, deletionKind, editTag } from "./comment-event";

/**
 * The sizes an event may have anywhere on this site (the relay states them in its NIP-11 document): beyond them
 * an event is refused before its signature is checked.
 */
export const eventLimits = { maxEventTags: 100, maxTagValueLength: 1024, maxContentLength: 90_000 };

const hexPattern = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`);
const hex64 = hexPattern(64);
const hex128 = hexPattern(128);

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
  if (e.content.length > eventLimits.maxContentLength) {
    return `invalid: content is longer than ${eventLimits.maxContentLength} characters`;
  }
  if (
    !Array.isArray(e.tags) ||
    !e.tags.every((t) => Array.isArray(t) && t.length > 0 && t.every((v) => typeof v === "string"))
  ) {
    return "invalid: tags must be arrays of strings";
  }
  if (e.tags.length > eventLimits.maxEventTags) return `invalid: more than ${eventLimits.maxEventTags} tags`;
  if ((e.tags as string[][]).some((t) => t.some((v) => v.length > eventLimits.maxTagValueLength))) {
    return `invalid: a tag value is longer than ${eventLimits.maxTagValueLength} characters`;
  }
  const keys = Object.keys(e);
  if (keys.some((k) => !["id", "pubkey", "created_at", "kind", "tags", "content", "sig"].includes(k))) {
    return "invalid: the event has fields NIP-01 does not define";
  }
  return undefined;
}

/** The id is the hash of the serialized event. */
export function idProblem(event: Event): string | undefined {
  return getEventHash(event) === event.id ? undefined : "invalid: id is not the hash of the event";
}

/** The signature is a Schnorr signature over the id by the pubkey (the id checked already). */
export function schnorrProblem(event: Event): string | undefined {
  // verifyEvent caches its verdict on the object: check a copy.
  return verifyEvent({ ...event }) ? undefined : "invalid: bad signature";
}

/** The id and signature: the id is the hash of the serialized event, the signature a Schnorr signature over it. */
export function signatureProblem(event: Event): string | undefined {
  return idProblem(event) ?? schnorrProblem(event);
}

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));

/** A Nostr event as the protocol defines it: pubkey is 64 lowercase hex characters; tags are arrays of strings. */
export const nostrEventSchema = z.object({
  id: hex(64),
  pubkey: hex(64),
  sig: hex(128),
  kind: z.number().int().nonnegative(),
  created_at: z.number().int().nonnegative(),
  content: z.string().max(20_000),
  tags: z.array(z.array(z.string().max(2000)).max(10)).max(50),
});

/** An event older than this, or dated in the future by more than the skew, is refused (replays, bad clocks). */
export const maxEventAgeSeconds = 10 * 60;
const allowedClockSkewSeconds = 2 * 60;

export type EventProblem = "malformed" | "kind" | "content" | "scope" | "author" | "timestamp" | "signature";

/**
 * Checks that `event` is a valid signed comment on `pageUrl` whose content is exactly `body`, made recently.
 * Returns the verified event, or what is wrong with it.
 */
export function verifyCommentEvent(
  event: unknown,
  expected: {
    body: string;
    pageUrl: string;
    now?: number;
    /** An edit: the author (the comment's key) and the event it replaces. */
    replaces?: { eventId: string; pubkey: string };
  },
): { ok: true; event: Event } | { ok: false; problem: EventProblem } {
  const parsed = nostrEventSchema.safeParse(event);
  if (!parsed.success) return { ok: false, problem: "malformed" };
  const value = parsed.data as Event;
  if (value.kind !== commentKind) return { ok: false, problem: "kind" };
  if (value.content !== expected.body) return { ok: false, problem: "content" };
  const scope = value.tags.find((tag) => tag[0] === "I")?.[1];
  if (scope !== expected.pageUrl) return { ok: false, problem: "scope" };
  if (expected.replaces) {
    if (value.pubkey !== expected.replaces.pubkey) return { ok: false, problem: "author" };
    if (value.tags.find((tag) => tag[0] === editTag)?.[1] !== expected.replaces.eventId) {
      return { ok: false, problem: "scope" };
    }
  }
  return signedRecently(value, expected.now);
}

/** Made recently, and the Schnorr signature over the recomputed id is the pubkey's. */
function signedRecently(
  value: Event,
  nowMs = Date.now(),
): { ok: true; event: Event } | { ok: false; problem: EventProblem } {
  const now = Math.floor(nowMs / 1000);
  if (value.created_at < now - maxEventAgeSeconds || value.created_at > now + allowedClockSkewSeconds) {
    return { ok: false, problem: "timestamp" };
  }
  if (schnorrProblem(value)) return { ok: false, problem: "signature" };
  return { ok: true, event: value };
}

/** Checks that `event` is `pubkey`'s recent signed request (NIP-09) to delete the event `eventId`. */
export function verifyDeletionEvent(
  event: unknown,
  expected: { eventId: string; pubkey: string; now?: number },
): { ok: true; event: Event } | { ok: false; problem: EventProblem } {
  const parsed = nostrEventSchema.safeParse(event);
  if (!parsed.success) return { ok: false, problem: "malformed" };
  const value = parsed.data as Event;
  if (value.kind !== deletionKind) return { ok: false, problem: "kind" };
  if (value.pubkey !== expected.pubkey) return { ok: false, problem: "author" };
  if (!value.tags.some((tag) => tag[0] === "e" && tag[1] === expected.eventId)) return { ok: false, problem: "scope" };
  return signedRecently(value, expected.now);
}
