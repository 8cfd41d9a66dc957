import type { Event } from "nostr-tools/pure";
import { nostrEventSchema, schnorrProblem } from "./verify-event.server";
import { keyProofKind, keyProofMaxSkewSeconds, type KeyProofAction } from "~/keys/key-proof";
import { ServiceError } from "~/lib/service-error";
import { isSiteOrigin } from "~/lib/site-origin.server";

export type KeyProofProblem = "missing" | "malformed" | "key" | "kind" | "site" | "action" | "timestamp" | "signature";

/**
 * Checks that `proof` is `pub`'s signed proof of possession for `action` on this site (its `relay` tag one of
 * the site's configured origins), made within the allowed skew of now (see ./key-proof for its shape).
 * Returns what is wrong, or undefined.
 */
export function keyProofProblem(
  proof: unknown,
  expected: { pub: string; request: Request; action: KeyProofAction; now?: number },
): KeyProofProblem | undefined {
  if (proof === undefined || proof === null) return "missing";
  const parsed = nostrEventSchema.safeParse(proof);
  if (!parsed.success) return "malformed";
  const event = parsed.data as Event;
  if (event.pubkey !== expected.pub) return "key";
  if (event.kind !== keyProofKind) return "kind";
  const tag = (name: string) => event.tags.find((t) => t[0] === name)?.[1];
  if (!isSiteOrigin(tag("relay"), expected.request)) return "site";
  if (tag("challenge") !== `daftar:${expected.action}`) return "action";
  const now = Math.floor((expected.now ?? Date.now()) / 1000);
  if (Math.abs(event.created_at - now) > keyProofMaxSkewSeconds) return "timestamp";
  // Recomputes the id from the event and checks the Schnorr signature over it.
  if (schnorrProblem(event)) return "signature";
  return undefined;
}

/**
 * Refuses to bind `pub` without its proof: 400 when none was sent, 403 when it does not prove the key (another
 * key, another site or action, too old or too new, a bad signature). Nothing has been changed when it throws.
 */
export function requireKeyProof(
  proof: unknown,
  expected: { pub: string; request: Request; action: KeyProofAction },
): void {
  const problem = keyProofProblem(proof, expected);
  if (!problem) return;
  if (problem === "missing") throw new ServiceError(400, "auth.keyProofMissing", { reason: problem });
  throw new ServiceError(403, "auth.keyProofInvalid", { reason: problem });
}
