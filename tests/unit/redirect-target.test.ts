import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { redirectTarget } from "~/lib/redirect-target";

const hostile = [
  "//evil.example",
  "//evil.example/",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  decodeURIComponent("/%09/evil.example"),
  decodeURIComponent("/%0d/evil.example"),
  decodeURIComponent("/%0a/evil.example"),
  "/\r",
  "/\n//evil.example",
  "/\u0000",
  "/\u0000/evil.example",
  "/\u007f",
  "/\u0085/evil.example",
  "/\u009b",
  "https://evil.example",
  "http://evil.example/",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,x",
  "/.//evil.example",
  "/./\\evil.example",
  "/a/..//evil.example",
  "/..//evil.example",
  "evil.example",
  "%2F%2Fevil.example",
  " //evil.example",
  "",
  `/${"a".repeat(3000)}`,
];

describe("redirectTarget", () => {
  test.each(hostile.map((value) => [JSON.stringify(value).slice(0, 40), value]))("refuses %s", (_, value) => {
    expect(redirectTarget(value)).toBeUndefined();
  });

  test("refuses nothing-at-all", () => {
    expect(redirectTarget(null)).toBeUndefined();
    expect(redirectTarget(undefined)).toBeUndefined();
  });

  test("keeps paths on this site, normalised as a browser sends them", () => {
    expect(redirectTarget("/")).toBe("/");
    expect(redirectTarget("/en/profile?tab=1#top")).toBe("/en/profile?tab=1#top");
    expect(redirectTarget("/a/../b")).toBe("/b");
    expect(redirectTarget("/یادداشت")).toBe("/%DB%8C%D8%A7%D8%AF%D8%AF%D8%A7%D8%B4%D8%AA");
    // Encoded slashes and backslashes stay encoded: the browser asks for them as path characters, here.
    expect(redirectTarget("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(redirectTarget("/%5Cevil.example")).toBe("/%5Cevil.example");
    expect(redirectTarget("/%09/evil.example")).toBe("/%09/evil.example");
  });

  test("whatever comes in, what goes out stays on this origin and is a valid header value", () => {
    const base = "https://daftar.example";
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }),
          fc
            .constantFrom("/", "//", "/\\", "\\", "/.", "/..", "\t", "%", ":")
            .chain((head) => fc.string({ unit: "binary" }).map((tail) => head + tail)),
        ),
        (value) => {
          const target = redirectTarget(value);
          if (target === undefined) return;
          expect(target.startsWith("/") && !target.startsWith("//")).toBe(true);
          // eslint-disable-next-line no-control-regex -- control characters are what must not come out
          expect(target).not.toMatch(/[\u0000-\u0020\u007f-\uffff\\]/);
          // Resolved by a browser (which drops tabs and line breaks first) it stays here.
          expect(new URL(target.replace(/[\t\n\r]/g, ""), base).origin).toBe(base);
          expect(() => new Headers({ Location: target })).not.toThrow();
        },
      ),
      { numRuns: 2000 },
    );
  });
});
