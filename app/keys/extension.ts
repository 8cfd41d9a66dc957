import type { Event, EventTemplate } from "nostr-tools/pure";

/** A Nostr browser extension (NIP-07) as `window.nostr` offers it. Tiny on purpose: pages check for it early. */
export interface Nip07 {
  getPublicKey(): Promise<string>;
  signEvent(template: EventTemplate): Promise<Event>;
  nip44?: {
    encrypt(peer: string, plaintext: string): Promise<string>;
    decrypt(peer: string, payload: string): Promise<string>;
  };
}

/** The browser's Nostr extension, if one is installed. */
export function nostrExtension(): Nip07 | undefined {
  const candidate = (globalThis as { nostr?: Nip07 }).nostr;
  return candidate && typeof candidate.signEvent === "function" ? candidate : undefined;
}
