// @vitest-environment jsdom
/**
 * The identity maker's curve: it sets a smaller table for the base point on the one copy of the curve nostr-tools
 * uses, and keys and signatures made after it are the standard's (BIP-340's own test vectors).
 */
import { createRequire } from "node:module";
import path from "node:path";
import { secp256k1, schnorr } from "@noble/curves/secp256k1.js";
import { getPublicKey, verifyEvent } from "nostr-tools/pure";
import { hexToBytes, bytesToHex } from "nostr-tools/utils";
import { expect, test, vi } from "vitest";
import { storageKeys } from "~/keys/store";
import { projectRoot } from "../../scripts/build-if-stale";

// BIP-340's test vectors 0 and 1 (secret key, public key, auxiliary randomness, message, signature).
const vectors = [
  {
    secret: "0000000000000000000000000000000000000000000000000000000000000003",
    pub: "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9",
    aux: "0000000000000000000000000000000000000000000000000000000000000000",
    message: "0000000000000000000000000000000000000000000000000000000000000000",
    signature:
      "e907831f80848d1069a5371b402410364bdf1c5f8307b0084c55f1ce2dca821525f66a4a85ea8b71e482a74f382d2ce5ebeee8fdb2172f477df4900d310536c0",
  },
  {
    secret: "b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef",
    pub: "dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659",
    aux: "0000000000000000000000000000000000000000000000000000000000000001",
    message: "243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89",
    signature:
      "6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a",
  },
];

test("nostr-tools reads the same copy of the curve as the identity maker sets up", () => {
  const fromProject = createRequire(path.join(projectRoot, "package.json")).resolve("@noble/curves/secp256k1.js");
  const nostrTools = path.dirname(createRequire(import.meta.url).resolve("nostr-tools/pure"));
  const fromNostrTools = createRequire(path.join(nostrTools, "index.js")).resolve("@noble/curves/secp256k1.js");
  expect(fromNostrTools).toBe(fromProject);
});

test("the identity maker sets a 4-bit window, and keys and signatures are still the standard's", async () => {
  const precompute = vi.spyOn(secp256k1.Point.prototype, "precompute");
  const { createIdentity, signedByDevice } = await import("~/keys/create");
  expect(precompute).toHaveBeenCalledWith(4);
  expect(precompute.mock.contexts).toContain(secp256k1.Point.BASE);
  precompute.mockRestore();
  for (const vector of vectors) {
    expect(getPublicKey(hexToBytes(vector.secret))).toBe(vector.pub);
    const signature = schnorr.sign(hexToBytes(vector.message), hexToBytes(vector.secret), hexToBytes(vector.aux));
    expect(bytesToHex(signature)).toBe(vector.signature);
  }
  // A new browser identity: its public key is its secret key's, and it signs events relays accept.
  const profile = await createIdentity("en");
  const secret = localStorage.getItem(storageKeys.privateKey);
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  expect(getPublicKey(hexToBytes(secret!))).toBe(profile.pub);
  const event = signedByDevice({ kind: 1, created_at: 1_700_000_000, tags: [], content: "سلام" });
  expect(event && verifyEvent(event)).toBe(true);
});
