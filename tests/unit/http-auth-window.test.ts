/**
 * A signed request (NIP-98) is good for exactly 60 seconds either side of its created_at, measured without
 * rounding: 59.9 s passes, 60 s and 60.1 s do not, whatever the millisecond the clock is at.
 */
import { describe, expect, test } from "vitest";
import { withinHttpAuthWindow } from "~/auth/nostr-http-auth.server";

describe("the NIP-98 time window", () => {
  const made = 1_800_000_000;
  test.each([
    [59_900, true],
    [59_999, true],
    [60_000, false],
    [60_100, false],
    [-59_900, true],
    [-60_100, false],
    [0, true],
  ])("%i ms after created_at: %s", (offset, accepted) => {
    expect(withinHttpAuthWindow(made, made * 1000 + offset)).toBe(accepted);
  });

  test("59 s old is accepted at every millisecond of the second (no rounding)", () => {
    for (let ms = 0; ms < 1000; ms += 50) expect(withinHttpAuthWindow(made, (made + 59) * 1000 + ms)).toBe(true);
  });
});
