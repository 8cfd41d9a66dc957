/**
 * Who signs and decrypts in this browser: the device key kept in localStorage, or a Nostr extension (NIP-07,
 * `window.nostr`) that holds the member's own key and never shows it. Browser code, loaded on use.
 */
import * as nip44 from "nostr-tools/nip44";
import { finalizeEvent, getPublicKey, type Event, type EventTemplate } from "nostr-tools/pure";
import { hexToBytes } from "nostr-tools/utils";
import { nostrExtension } from "./extension";

export interface Signer {
  pubkey: string;
  sign(template: EventTemplate): Promise<Event>;
  /** NIP-44 v2 encryption to `peer`. */
  encrypt(peer: string, plaintext: string): Promise<string>;
  decrypt(peer: string, payload: string): Promise<string>;
}

/** A signer over a secret key held here (64 hex). */
export function keySigner(secretHex: string): Signer {
  const secret = hexToBytes(secretHex);
  const pubkey = getPublicKey(secret);
  const keys = new Map<string, Uint8Array>();
  const conversation = (peer: string) => {
    let key = keys.get(peer);
    if (!key) keys.set(peer, (key = nip44.v2.utils.getConversationKey(secret, peer)));
    return key;
  };
  return {
    pubkey,
    sign: async (template) => finalizeEvent(template, secret),
    encrypt: async (peer, plaintext) => nip44.v2.encrypt(plaintext, conversation(peer)),
    decrypt: async (peer, payload) => nip44.v2.decrypt(payload, conversation(peer)),
  };
}

/** A signer over the extension (its key stays in the extension); null without one. */
export async function extensionSigner(): Promise<Signer | null> {
  const extension = nostrExtension();
  if (!extension) return null;
  const pubkey = await extension.getPublicKey();
  const unsupported = () => Promise.reject(new Error("The extension cannot encrypt (NIP-44)"));
  return {
    pubkey,
    sign: (template) => extension.signEvent(template),
    encrypt: (peer, plaintext) => (extension.nip44 ? extension.nip44.encrypt(peer, plaintext) : unsupported()),
    decrypt: (peer, payload) => (extension.nip44 ? extension.nip44.decrypt(peer, payload) : unsupported()),
  };
}
