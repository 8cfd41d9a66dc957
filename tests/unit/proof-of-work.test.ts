import { getPow } from "nostr-tools/nip13";
import { generateSecretKey, getEventHash, getPublicKey, type UnsignedEvent } from "nostr-tools/pure";
import { afterEach, describe, expect, test, vi } from "vitest";
import { minePow } from "~/keys/proof-of-work";

const wrap = (): UnsignedEvent => ({
  kind: 1059,
  // A gift wrap's date is random and in the past: mining must keep it.
  created_at: 1_700_000_000,
  tags: [["p", getPublicKey(generateSecretKey())]],
  content: "سلام — a message's sealed text ".repeat(40),
  pubkey: getPublicKey(generateSecretKey()),
});

describe("minePow (NIP-13)", () => {
  afterEach(() => vi.unstubAllGlobals());

  test("finds a nonce giving the id the leading zero bits, commits to them, and changes nothing else", async () => {
    const event = wrap();
    const mined = await minePow(event, 12);
    const id = getEventHash(mined);
    expect(getPow(id)).toBeGreaterThanOrEqual(12);
    expect(mined.tags.at(-1)).toEqual(["nonce", expect.stringMatching(/^\d+$/), "12"]);
    expect({ ...mined, tags: mined.tags.slice(0, -1) }).toEqual(event);
    expect(event.tags).toHaveLength(1);
  });

  test("works without WebCrypto (a page on plain http), with the library's hash", async () => {
    const event = wrap();
    // Such a page has random numbers but no `crypto.subtle`.
    vi.stubGlobal("crypto", { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    const mined = await minePow(event, 8);
    expect(getPow(getEventHash(mined))).toBeGreaterThanOrEqual(8);
  });

  test("gives the page turns while it works: the event loop is never held long", async () => {
    // An event whose first nonce with 16 zero bits is 154,654: about a second of hashing here, which a
    // synchronous loop would hold the page for.
    const event = {
      kind: 1059,
      created_at: 1_700_000_000,
      tags: [["p", "a".repeat(64)]],
      content: "sealed 24 ".repeat(40),
      pubkey: "b".repeat(64),
    };
    // A timer that asks for a turn every few milliseconds gets many while the work goes on: a loop holding the
    // page would let it run once, after. (Counted, not timed: a busy machine only makes the work longer.)
    let turns = 0;
    const timer = setInterval(() => turns++, 5);
    const mined = await minePow(event, 16);
    clearInterval(timer);
    expect(mined.tags.at(-1)).toEqual(["nonce", "154654", "16"]);
    expect(turns).toBeGreaterThan(5);
  });
});
