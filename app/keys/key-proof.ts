/**
 * Proof that the browser sending a public key holds its secret key, needed wherever a key is bound to an
 * account (registration, login, a provider sign-in, the installer's administrator). A public key is public:
 * without the proof anyone could put someone else's key, and the anonymous comments signed with it, on their
 * own account.
 *
 * The proof is a Nostr client-authentication event (kind 22242, the shape NIP-42 defines), signed by the key:
 * its `relay` tag is this site's origin and its `challenge` tag names the action ("daftar:register" …). There
 * is no server-issued challenge, so it is only good for `keyProofMaxSkewSeconds` either side of now: a proof
 * made for one site or action is refused by every other, and an old one by all.
 * This module is shared: the browser builds the event, the server checks it (./key-proof.server).
 */
export const keyProofKind = 22242;
export const keyProofMaxSkewSeconds = 60;

export type KeyProofAction = "register" | "login" | "oauth" | "install" | "messaging";

export interface UnsignedKeyProof {
  kind: number;
  created_at: number;
  content: string;
  tags: string[][];
}

export function keyProofTemplate(origin: string, action: KeyProofAction, now = Date.now()): UnsignedKeyProof {
  return {
    kind: keyProofKind,
    created_at: Math.floor(now / 1000),
    content: "",
    tags: [
      ["relay", origin],
      ["challenge", `daftar:${action}`],
    ],
  };
}
