/**
 * Private direct messages (NIP-17): a chat message (kind 14, unsigned: a "rumor") sealed by its author (kind
 * 13, NIP-44 to the recipient) and gift-wrapped (kind 1059) by a throwaway key for each recipient, both dated
 * at random up to two days back so the relay learns neither who wrote nor when. Works with any signer, so a
 * key held by an extension never leaves it. A wrap may carry proof of work (NIP-13), which the site's relay
 * asks of people who are not members.
 */
import * as nip44 from "nostr-tools/nip44";
import {
  finalizeEvent,
  generateSecretKey,
  getEventHash,
  getPublicKey,
  verifyEvent,
  type Event,
  type UnsignedEvent,
} from "nostr-tools/pure";
import { minePow } from "./proof-of-work";
import type { Signer } from "./signer";

export const chatKind = 14;
const sealKind = 13;
export const giftWrapKind = 1059;
/** NIP-44 takes 1 to 65535 bytes of plaintext. */
export const maxMessageBytes = 65535;

export type Rumor = UnsignedEvent & { id: string };

const twoDays = 2 * 24 * 60 * 60;
const randomPast = () => Math.floor(Date.now() / 1000 - Math.random() * twoDays);

export function messageBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The message as a rumor: to `recipients`, optionally answering `replyTo` (a rumor id), with a subject. */
export function chatRumor(
  author: string,
  recipients: string[],
  content: string,
  extra: { replyTo?: string; subject?: string; name?: string; relay?: string } = {},
): Rumor {
  const tags = recipients.map((p) => (extra.relay ? ["p", p, extra.relay] : ["p", p]));
  if (extra.replyTo) tags.push(["e", extra.replyTo, extra.relay ?? ""]);
  if (extra.subject) tags.push(["subject", extra.subject]);
  // The name the author goes by here, so the reader sees more than a key.
  if (extra.name) tags.push(["name", extra.name]);
  const unsigned: UnsignedEvent = {
    kind: chatKind,
    created_at: Math.floor(Date.now() / 1000),
    content,
    tags,
    pubkey: author,
  };
  return { ...unsigned, id: getEventHash(unsigned) };
}

/**
 * Seals and wraps `rumor` for `recipient`, the wrap with `pow` bits of proof of work (none by default). Throws
 * when the message is too long for NIP-44.
 */
export async function wrapFor(signer: Signer, rumor: Rumor, recipient: string, pow = 0): Promise<Event> {
  const seal = await signer.sign({
    kind: sealKind,
    created_at: randomPast(),
    tags: [],
    content: await signer.encrypt(recipient, JSON.stringify(rumor)),
  });
  return giftWrap(seal, recipient, pow);
}

/** `seal` gift-wrapped for `recipient` by a throwaway key, with `pow` bits of proof of work. */
async function giftWrap(seal: Event, recipient: string, pow = 0): Promise<Event> {
  const wrapKey = generateSecretKey();
  const wrap: UnsignedEvent = {
    kind: giftWrapKind,
    created_at: randomPast(),
    tags: [["p", recipient]],
    content: nip44.v2.encrypt(JSON.stringify(seal), nip44.v2.utils.getConversationKey(wrapKey, recipient)),
    pubkey: getPublicKey(wrapKey),
  };
  return finalizeEvent(pow > 0 ? await minePow(wrap, pow) : wrap, wrapKey);
}

/** Where a copied message stood in the inbox it was copied from: written by the member or to them, and with whom. */
export interface CopyOf {
  sent: boolean;
  peer: string;
}

/**
 * A copy of a message the member read with an older key of theirs, for their messaging key (`signer`): the rumor
 * as it was, sealed by the messaging key itself (its author's seal was encrypted for the older key, which the
 * messaging key cannot open) and wrapped to it. The seal's tag says where the message stood; the relay sees
 * only a wrap like any other.
 */
export async function copyFor(signer: Signer, rumor: Rumor, where: CopyOf): Promise<Event> {
  const seal = await signer.sign({
    kind: sealKind,
    created_at: randomPast(),
    tags: [["copy", where.sent ? "sent" : "received", where.peer]],
    content: await signer.encrypt(signer.pubkey, JSON.stringify(rumor)),
  });
  return giftWrap(seal, signer.pubkey);
}

/** A message opened: its rumor, and where it stood when it is the member's own copy (`copyFor`). */
export interface Opened {
  rumor: Rumor;
  copy?: CopyOf;
}

const hex64 = /^[0-9a-f]{64}$/;

/**
 * Opens a gift wrap addressed to the signer: the seal must be signed, and signed by the rumor's author (else
 * anyone could write in someone else's name), or by the signer itself for its own copy of a message it read
 * with an older key. Throws when it is not for us or not well formed.
 */
export async function unwrap(signer: Signer, wrap: Event): Promise<Opened> {
  const seal = JSON.parse(await signer.decrypt(wrap.pubkey, wrap.content)) as Event;
  if (seal.kind !== sealKind || !verifyEvent(seal)) throw new Error("The seal is not signed");
  const rumor = JSON.parse(await signer.decrypt(seal.pubkey, seal.content)) as Rumor;
  if (getEventHash(rumor) !== rumor.id) throw new Error("The message's id does not match it");
  const copyTag = seal.tags.find((t) => t[0] === "copy");
  if (!copyTag) {
    if (rumor.pubkey !== seal.pubkey) throw new Error("The message claims another author");
    return { rumor };
  }
  // Only the member's own key vouches for a copy: nobody else can seal as it.
  if (seal.pubkey !== signer.pubkey) throw new Error("A copy sealed by someone else");
  const [, stood, peer] = copyTag;
  if ((stood !== "sent" && stood !== "received") || !hex64.test(peer ?? "")) throw new Error("A copy not well formed");
  return { rumor, copy: { sent: stood === "sent", peer: peer! } };
}
