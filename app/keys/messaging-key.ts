/**
 * The member's messaging key in this browser (decision 028). Made here: a new key pair whose secret is
 * encrypted under the member's messaging passphrase (NIP-49: scrypt, then XChaCha20-Poly1305) before it leaves,
 * with the key's proof of possession. Unlocked here from the encrypted secret the server keeps. Held for the
 * session in sessionStorage: it survives a reload, goes when the tab closes, and logging out removes it (the
 * device key, in localStorage, is as reachable to this origin's scripts; this one at least does not outlive the
 * tab). Browser code, loaded on use.
 */
import * as nip49 from "nostr-tools/nip49";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from "nostr-tools/pure";
import { bytesToHex } from "nostr-tools/utils";
import { keyProofTemplate } from "./key-proof";
import { messagingKeyCost, ncryptsecProblem } from "./ncryptsec";
import { keySigner, type Signer } from "./signer";
import { messagingSessionKey, sessionStore } from "./store";

/** The shortest messaging passphrase: scrypt slows guessing, a short passphrase still falls to it. */
export const passphraseMin = 10;

/** The unlocked messaging key for `pubkey` held by this tab, or null. */
export function heldMessagingKey(pubkey: string): Signer | null {
  const secret = sessionStore()?.getItem(messagingSessionKey);
  if (!secret || !/^[0-9a-f]{64}$/.test(secret)) return null;
  const signer = keySigner(secret);
  return signer.pubkey === pubkey ? signer : null;
}

function hold(secret: Uint8Array): Signer {
  const hex = bytesToHex(secret);
  sessionStore()?.setItem(messagingSessionKey, hex);
  return keySigner(hex);
}

/**
 * A new messaging key: what the server is sent (the public key, the secret encrypted under `passphrase`, the
 * proof of possession for `origin`), and `hold` to keep it for the session once the server kept it.
 */
export function makeMessagingKey(
  passphrase: string,
  origin: string,
): { upload: { pubkey: string; ncryptsec: string; proof: Event }; hold: () => Signer } {
  const secret = generateSecretKey();
  const ncryptsec = nip49.encrypt(secret, passphrase, messagingKeyCost.default);
  const proof = finalizeEvent(keyProofTemplate(origin, "messaging"), secret);
  return { upload: { pubkey: getPublicKey(secret), ncryptsec, proof }, hold: () => hold(secret) };
}

export type UnlockProblem = "wrongPassphrase" | "corrupt";

export class UnlockError extends Error {
  constructor(readonly problem: UnlockProblem) {
    super(problem);
    this.name = "UnlockError";
  }
}

/**
 * Opens `stored` with `passphrase` and holds it for the session. Throws `UnlockError`: "corrupt" when it is not
 * a well-formed ncryptsec of `stored.pubkey`'s secret (checked before scrypt runs), "wrongPassphrase" when the
 * passphrase does not open it. Nothing is held when it throws.
 */
export function unlockMessagingKey(stored: { pubkey: string; ncryptsec: string }, passphrase: string): Signer {
  if (ncryptsecProblem(stored.ncryptsec)) throw new UnlockError("corrupt");
  let secret: Uint8Array;
  try {
    secret = nip49.decrypt(stored.ncryptsec, passphrase);
  } catch {
    // The cipher's tag does not match: the passphrase is wrong (a damaged text fails its bech32 checksum first).
    throw new UnlockError("wrongPassphrase");
  }
  if (secret.length !== 32 || getPublicKey(secret) !== stored.pubkey) throw new UnlockError("corrupt");
  return hold(secret);
}
