// @vitest-environment jsdom
/**
 * The messaging key in the browser: NIP-49 with the NIP's own test vector, a wrong passphrase and a damaged
 * ncryptsec refused with nothing held, the key held for the session only; and copies of older messages, which
 * only the member's own key may vouch for.
 */
import * as nip44 from "nostr-tools/nip44";
import { finalizeEvent, generateSecretKey, getPublicKey, verifyEvent, type Event } from "nostr-tools/pure";
import { bytesToHex, hexToBytes } from "nostr-tools/utils";
import { bech32 } from "@scure/base";
import { afterEach, describe, expect, test } from "vitest";
import { chatRumor, copyFor, unwrap, wrapFor } from "~/keys/direct-messages";
import { heldMessagingKey, makeMessagingKey, UnlockError, unlockMessagingKey } from "~/keys/messaging-key";
import { ncryptsecProblem } from "~/keys/ncryptsec";
import { keySigner } from "~/keys/signer";

// Published in NIP-49: this ncryptsec is this secret under the password "nostr" (log_n 16).
const vector = {
  ncryptsec:
    "ncryptsec1qgg9947rlpvqu76pj5ecreduf9jxhselq2nae2kghhvd5g7dgjtcxfqtd67p9m0w57lspw8gsq6yphnm8623nsl8xn9j4jdzz84zm3frztj3z7s35vpzmqf6ksu8r89qk5z2zxfmu5gv8th8wclt0h4p",
  password: "nostr",
  secret: "3501454135014541350145413501453fefb02227e449e57cf4d3a3ce05378683",
};
const vectorKey = { pubkey: getPublicKey(hexToBytes(vector.secret)), ncryptsec: vector.ncryptsec };

const problemOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof UnlockError ? error.problem : `other: ${String(error)}`;
  }
  return "none";
};

afterEach(() => sessionStorage.clear());

describe("NIP-49", () => {
  test("the NIP's test vector opens with its password, to its secret, and is held for the session", () => {
    expect(ncryptsecProblem(vector.ncryptsec)).toBeUndefined();
    const signer = unlockMessagingKey(vectorKey, vector.password);
    expect(signer.pubkey).toBe(vectorKey.pubkey);
    expect(sessionStorage.getItem("messaging-key")).toBe(vector.secret);
    expect(heldMessagingKey(vectorKey.pubkey)?.pubkey).toBe(vectorKey.pubkey);
    // Held for that key only: another account's key is not taken for it.
    expect(heldMessagingKey(getPublicKey(generateSecretKey()))).toBeNull();
  });

  test("a wrong passphrase is refused as such, and nothing is held", () => {
    expect(problemOf(() => unlockMessagingKey(vectorKey, "nostr "))).toBe("wrongPassphrase");
    expect(problemOf(() => unlockMessagingKey(vectorKey, "Nostr"))).toBe("wrongPassphrase");
    expect(sessionStorage.getItem("messaging-key")).toBeNull();
  });

  test("a damaged ncryptsec, one of too costly a work factor, or one of another key is refused as damaged", () => {
    const flipped =
      vector.ncryptsec.slice(0, 40) + (vector.ncryptsec[40] === "q" ? "p" : "q") + vector.ncryptsec.slice(41);
    expect(ncryptsecProblem(flipped)).toBe("format");
    expect(problemOf(() => unlockMessagingKey({ ...vectorKey, ncryptsec: flipped }, vector.password))).toBe("corrupt");
    expect(problemOf(() => unlockMessagingKey({ ...vectorKey, ncryptsec: "ncryptsec1" }, vector.password))).toBe(
      "corrupt",
    );
    // log_n 22 would ask the browser for 4 GiB: refused before scrypt runs.
    expect(ncryptsecProblem(reencodeCost(vector.ncryptsec, 18))).toBeUndefined();
    const tooCostly = reencodeCost(vector.ncryptsec, 22);
    expect(ncryptsecProblem(tooCostly)).toBe("cost");
    expect(problemOf(() => unlockMessagingKey({ ...vectorKey, ncryptsec: tooCostly }, vector.password))).toBe(
      "corrupt",
    );
    const other = getPublicKey(generateSecretKey());
    expect(problemOf(() => unlockMessagingKey({ pubkey: other, ncryptsec: vector.ncryptsec }, vector.password))).toBe(
      "corrupt",
    );
    expect(sessionStorage.getItem("messaging-key")).toBeNull();
  });

  test("a new key goes up encrypted with its proof, opens with its passphrase only, and is held once kept", () => {
    const made = makeMessagingKey("a long messaging passphrase", "https://daftar.example");
    expect(ncryptsecProblem(made.upload.ncryptsec)).toBeUndefined();
    expect(made.upload.ncryptsec).not.toContain(made.upload.pubkey);
    expect(verifyEvent(made.upload.proof)).toBe(true);
    expect(made.upload.proof.pubkey).toBe(made.upload.pubkey);
    expect(made.upload.proof.tags).toContainEqual(["challenge", "daftar:messaging"]);
    expect(sessionStorage.getItem("messaging-key")).toBeNull();
    expect(made.hold().pubkey).toBe(made.upload.pubkey);
    sessionStorage.clear();
    expect(problemOf(() => unlockMessagingKey(made.upload, "another passphrase"))).toBe("wrongPassphrase");
    expect(unlockMessagingKey(made.upload, "a long messaging passphrase").pubkey).toBe(made.upload.pubkey);
  });
});

/** `ncryptsec` with its log_n byte changed (the checksum made again), as a damaged or hostile one could say. */
function reencodeCost(ncryptsec: string, logn: number): string {
  const decoded = bech32.decode(ncryptsec as `${string}1${string}`, 200);
  const bytes = Uint8Array.from(bech32.fromWords(decoded.words));
  bytes[1] = logn;
  return bech32.encode("ncryptsec", bech32.toWords(bytes), 200);
}

describe("copies of older messages", () => {
  test("a message read with an older key, copied to the messaging key, opens there with its author and place", async () => {
    const visitor = keySigner(bytesToHex(generateSecretKey()));
    const device = keySigner(bytesToHex(generateSecretKey()));
    const messaging = keySigner(bytesToHex(generateSecretKey()));
    const rumor = chatRumor(visitor.pubkey, [device.pubkey], "سلام، پیش از کلید پیام‌رسانی");
    const { rumor: read } = await unwrap(device, await wrapFor(visitor, rumor, device.pubkey));
    const copy = await copyFor(messaging, read, { sent: false, peer: visitor.pubkey });
    expect(copy.tags).toEqual([["p", messaging.pubkey]]);
    const opened = await unwrap(messaging, copy);
    expect(opened.rumor).toMatchObject({ id: rumor.id, pubkey: visitor.pubkey, content: rumor.content });
    expect(opened.copy).toEqual({ sent: false, peer: visitor.pubkey });
    // The older key cannot read the copy.
    await expect(unwrap(device, copy)).rejects.toThrow();
  });

  test("nobody else can pass a message off as the member's copy, or write in another's name", async () => {
    const alice = generateSecretKey();
    const eve = keySigner(bytesToHex(generateSecretKey()));
    const bob = keySigner(bytesToHex(generateSecretKey()));
    const forged = chatRumor(getPublicKey(alice), [bob.pubkey], "I am Alice");
    // Eve seals Alice's words as a "copy" for Bob: only Bob's own key may vouch for a copy.
    const copyByEve = sealAndWrap(eve, forged, bob.pubkey, [["copy", "received", getPublicKey(alice)]]);
    await expect(unwrap(bob, await copyByEve)).rejects.toThrow(/copy sealed by someone else/);
    // Without the tag it is a message whose author is not its sealer.
    await expect(unwrap(bob, await sealAndWrap(eve, forged, bob.pubkey, []))).rejects.toThrow(/another author/);
  });
});

/** A seal of `rumor` by `sealer` with `tags`, wrapped for `recipient`: what a forger can make. */
async function sealAndWrap(
  sealer: ReturnType<typeof keySigner>,
  rumor: object,
  recipient: string,
  tags: string[][],
): Promise<Event> {
  const seal = await sealer.sign({
    kind: 13,
    created_at: Math.floor(Date.now() / 1000),
    tags,
    content: await sealer.encrypt(recipient, JSON.stringify(rumor)),
  });
  const wrapKey = generateSecretKey();
  return finalizeEvent(
    {
      kind: 1059,
      created_at: Math.floor(Date.now() / 1000),
      tags: [["p", recipient]],
      content: nip44.v2.encrypt(JSON.stringify(seal), nip44.v2.utils.getConversationKey(wrapKey, recipient)),
    },
    wrapKey,
  );
}
