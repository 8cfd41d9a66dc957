import { describe, expect, test } from "vitest";
import { preferredEncoding } from "../../server/accept-encoding";

describe("preferredEncoding", () => {
  test.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["x-gzip", "gzip"],
    ["BR", "br"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["br;q=0, gzip;q=0.8", "gzip"],
    ["gzip; q=0.2, identity; q=0.5", "identity"],
    ["gzip;q=0.2", "gzip"],
    ["*", "br"],
    ["*;q=0.3, gzip", "gzip"],
    ["*;q=0, gzip;q=0", "identity"],
    ["br;q=0, gzip;q=0", "identity"],
    ["deflate", "identity"],
    ["br;q=abc, gzip", "gzip"],
    [" , ;q=1, gzip", "gzip"],
  ] as const)("%j → %s", (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
