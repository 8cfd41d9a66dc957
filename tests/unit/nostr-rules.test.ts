import { finalizeEvent, generateSecretKey } from "nostr-tools/pure";
import { describe, expect, test } from "vitest";
import { chatRumor, messageBytes, unwrap, wrapFor } from "~/keys/direct-messages";
import { pauseAfter } from "~/nostr/inbox/backoff";
import { structureProblem } from "~/keys/verify-event.server";
import { timeProblem } from "~/nostr/relay/accept.server";
import { matchesFilter, parseFilter, type Filter } from "~/nostr/relay/filters.server";
import { keySigner } from "~/keys/signer";
import { bytesToHex } from "nostr-tools/utils";

const key = generateSecretKey();
const event = finalizeEvent(
  {
    kind: 0,
    created_at: 1_700_000_000,
    tags: [
      ["p", "a".repeat(64)],
      ["t", "x", "second"],
    ],
    content: "{}",
  },
  key,
);
const filter = (value: unknown): Filter => {
  const parsed = parseFilter(value);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.filter;
};

describe("filters", () => {
  test("every condition must hold; lists match any value; since and until are inclusive", () => {
    expect(matchesFilter(filter({ kinds: [0, 1], authors: [event.pubkey] }), event)).toBe(true);
    expect(matchesFilter(filter({ kinds: [1] }), event)).toBe(false);
    expect(matchesFilter(filter({ since: event.created_at, until: event.created_at }), event)).toBe(true);
    expect(matchesFilter(filter({ since: event.created_at + 1 }), event)).toBe(false);
    expect(matchesFilter(filter({ "#p": ["a".repeat(64)] }), event)).toBe(true);
    // Only a tag's first value is indexed.
    expect(matchesFilter(filter({ "#t": ["second"] }), event)).toBe(false);
  });

  test("hex lists must be exact lowercase hex; unknown fields are unsupported", () => {
    expect(parseFilter({ ids: ["abc"] })).toMatchObject({ ok: false, reason: expect.stringMatching(/^invalid: /) });
    expect(parseFilter({ "#e": ["A".repeat(64)] })).toMatchObject({ ok: false });
    expect(parseFilter({ kinds: [70000] })).toMatchObject({ ok: false });
    expect(parseFilter({ limit: -1 })).toMatchObject({ ok: false });
    expect(parseFilter({ search: "x" })).toMatchObject({ ok: false, reason: expect.stringMatching(/^unsupported: /) });
    expect(parseFilter([])).toMatchObject({ ok: false });
  });
});

describe("events", () => {
  test("the structure NIP-01 defines, within the relay's sizes", () => {
    expect(structureProblem(event)).toBeUndefined();
    expect(structureProblem({ ...event, extra: 1 })).toMatch(/^invalid: /);
    expect(structureProblem({ ...event, tags: [[1]] })).toMatch(/^invalid: /);
    expect(structureProblem({ ...event, content: "x".repeat(90_001) })).toMatch(/^invalid: content is longer/);
  });

  test("gift wraps may be dated up to two days back (and a little more), nothing far in the future", () => {
    const now = 1_800_000_000;
    const wrap = { ...event, kind: 1059 };
    expect(timeProblem({ ...wrap, created_at: now - 2 * 24 * 3600 }, now)).toBeUndefined();
    expect(timeProblem({ ...wrap, created_at: now - 4 * 24 * 3600 }, now)).toMatch(/too far in the past/);
    expect(timeProblem({ ...event, created_at: now + 3600 }, now)).toMatch(/too far in the future/);
  });
});

describe("direct messages", () => {
  test("a message wrapped for a key opens with that key only, with its author and text", async () => {
    const alice = keySigner(bytesToHex(generateSecretKey()));
    const bob = keySigner(bytesToHex(generateSecretKey()));
    const eve = keySigner(bytesToHex(generateSecretKey()));
    const rumor = chatRumor(alice.pubkey, [bob.pubkey], "سلام Bob", { name: "Alice", subject: "Hi" });
    const wrap = await wrapFor(alice, rumor, bob.pubkey);
    expect(wrap.kind).toBe(1059);
    expect(wrap.pubkey).not.toBe(alice.pubkey);
    expect(wrap.tags).toEqual([["p", bob.pubkey]]);
    expect((await unwrap(bob, wrap)).rumor).toMatchObject({ id: rumor.id, pubkey: alice.pubkey, content: "سلام Bob" });
    await expect(unwrap(eve, wrap)).rejects.toThrow();
  });

  test("the plaintext is counted in bytes", () => {
    expect(messageBytes("abc")).toBe(3);
    expect(messageBytes("سلام")).toBe(8);
  });
});

test("sending is tried again after 1 s, doubling up to a minute", () => {
  expect([1, 2, 3, 4, 7, 20].map((n) => pauseAfter(n))).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
});
