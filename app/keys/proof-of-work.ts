/**
 * Proof of work (NIP-13), the price the site's relay asks of messages from people who are not members: a nonce
 * tag is changed until the event's id starts with `difficulty` zero bits, and the tag commits to that target.
 * Mined in slices of a few milliseconds with the browser's own SHA-256 (WebCrypto), so the page keeps
 * answering while it works; where the page has no WebCrypto (plain http on another host) the library's hash
 * does it, slower. Browser code, loaded on use.
 */
import { getPow } from "nostr-tools/nip13";
import { getEventHash, type UnsignedEvent } from "nostr-tools/pure";

/** How long one slice works before the page gets a turn. */
const sliceMs = 25;
/** Hashes asked of WebCrypto at once. */
const batch = 64;

/** Leading zero bits of a SHA-256 digest. */
function zeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const pageTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `event` with a nonce tag that gives its id at least `difficulty` leading zero bits (the event is not changed). */
export async function minePow(event: UnsignedEvent, difficulty: number): Promise<UnsignedEvent> {
  const nonce = ["nonce", "0", String(difficulty)];
  const mined: UnsignedEvent = { ...event, tags: [...event.tags, nonce] };
  if (difficulty <= 0) return mined;
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return mineWithLibrary(mined, nonce, difficulty);
  // Only the nonce changes: the serialisation (as the id hashes it) is cut once around it.
  nonce[1] = "\u0000";
  const parts = JSON.stringify([0, mined.pubkey, mined.created_at, mined.kind, mined.tags, mined.content]).split(
    "\\u0000",
  );
  if (parts.length !== 2) return mineWithLibrary(mined, nonce, difficulty);
  const encoder = new TextEncoder();
  const head = encoder.encode(parts[0]);
  const tail = encoder.encode(parts[1]);
  const bytesOf = (n: number) => {
    const digits = encoder.encode(String(n));
    const bytes = new Uint8Array(head.length + digits.length + tail.length);
    bytes.set(head);
    bytes.set(digits, head.length);
    bytes.set(tail, head.length + digits.length);
    return bytes;
  };
  for (let next = 0; ;) {
    const started = performance.now();
    while (performance.now() - started < sliceMs) {
      const first = next;
      const digests = await Promise.all(
        Array.from({ length: batch }, (_, i) => subtle.digest("SHA-256", bytesOf(first + i))),
      );
      next += batch;
      const found = digests.findIndex((digest) => zeroBits(new Uint8Array(digest)) >= difficulty);
      if (found >= 0) {
        nonce[1] = String(first + found);
        return mined;
      }
    }
    await pageTurn();
  }
}

async function mineWithLibrary(mined: UnsignedEvent, nonce: string[], difficulty: number): Promise<UnsignedEvent> {
  for (let next = 0; ;) {
    const started = performance.now();
    while (performance.now() - started < sliceMs) {
      nonce[1] = String(next++);
      if (getPow(getEventHash(mined)) >= difficulty) return mined;
    }
    await pageTurn();
  }
}
