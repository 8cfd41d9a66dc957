import { verifyEvent, type Event } from "nostr-tools/pure";
import * as z from "zod";
import { commentKind } from "./comment-event";

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

export type EventProblem = "malformed" | "kind" | "content" | "scope" | "timestamp" | "signature";

/**
 * Checks that `event` is a valid signed comment on `pageUrl` whose content is exactly `body`, made recently.
 * Returns the verified event, or what is wrong with it.
 */
export function verifyCommentEvent(
  event: unknown,
  expected: { body: string; pageUrl: string; now?: number },
): { ok: true; event: Event } | { ok: false; problem: EventProblem } {
  const parsed = nostrEventSchema.safeParse(event);
  if (!parsed.success) return { ok: false, problem: "malformed" };
  const value = parsed.data as Event;
  if (value.kind !== commentKind) return { ok: false, problem: "kind" };
  if (value.content !== expected.body) return { ok: false, problem: "content" };
  const scope = value.tags.find((tag) => tag[0] === "I")?.[1];
  if (scope !== expected.pageUrl) return { ok: false, problem: "scope" };
  const now = Math.floor((expected.now ?? Date.now()) / 1000);
  if (value.created_at < now - maxEventAgeSeconds || value.created_at > now + allowedClockSkewSeconds) {
    return { ok: false, problem: "timestamp" };
  }
  // Recomputes the id from the content and checks the Schnorr signature over it.
  if (!verifyEvent({ ...value })) return { ok: false, problem: "signature" };
  return { ok: true, event: value };
}
