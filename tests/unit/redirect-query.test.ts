/**
 * A redirect source with a query: its canonical form, and the forms a request's query can match (its parameters
 * alone and in pairs, whatever their order and whatever tracking parameters ride along), bounded.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { canonicalSource, QUERY_PARAMS, querySources } from "~/content/redirect-query";
import { sourceAddress } from "~/content/redirects.server";

describe("canonicalSource", () => {
  test("sorts the parameters a source names and encodes them one way", () => {
    expect(canonicalSource("/", "?p=123")).toBe("/?p=123");
    expect(canonicalSource("/", "?page_id=45&a=1")).toBe("/?a=1&page_id=45");
    expect(canonicalSource("/", "?tag=%D8%B3%D9%84%D8%A7%D9%85")).toBe(canonicalSource("/", "?tag=سلام"));
    expect(canonicalSource("/", "?tag=%d8%b3%d9%84%d8%a7%d9%85")).toBe("/?tag=%D8%B3%D9%84%D8%A7%D9%85");
    expect(canonicalSource("/index.php", "?p=1&utm_source=x")).toBe("/index.php?p=1");
  });

  test("a query of tracking parameters alone is no query; more parameters than a source names is no source", () => {
    expect(canonicalSource("/old", "?utm_source=a&fbclid=b")).toBe("/old");
    expect(canonicalSource("/", "?a=1&b=2&c=3")).toBeUndefined();
  });

  test("a redirect's stored source: the home page only with a query", () => {
    expect(sourceAddress("/?p=123")).toBe("/?p=123");
    expect(sourceAddress("/en/?page_id=4")).toBe("/en?page_id=4");
    expect(sourceAddress("/index.php?p=9&utm_medium=x")).toBe("/index.php?p=9");
    expect(sourceAddress("/")).toBeUndefined();
    expect(sourceAddress("/?utm_source=x")).toBeUndefined();
    expect(sourceAddress("/old#part")).toBeUndefined();
  });
});

describe("querySources", () => {
  test("a request matches a source whatever the order and the extra parameters", () => {
    const source = canonicalSource("/", "?p=123")!;
    for (const search of ["?p=123", "?utm_source=x&p=123", "?p=123&utm_campaign=y&fbclid=z", "?replytocom=4&p=123"]) {
      expect(querySources("/", search)).toContain(source);
    }
    const pair = canonicalSource("/", "?p=5&lang=en")!;
    expect(querySources("/", "?lang=en&utm_source=a&p=5")).toContain(pair);
    expect(querySources("/", "?p=1234")).not.toContain(source);
    expect(querySources("/", "")).toEqual([]);
    expect(querySources("/", "?")).toEqual([]);
  });

  test("whatever a request carries, the forms it gives are few and short", () => {
    const most = QUERY_PARAMS + (QUERY_PARAMS * (QUERY_PARAMS - 1)) / 2;
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20_000 }),
        fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 300 }),
        (raw, pairs) => {
          for (const search of [raw, `?${pairs.map(([a, b]) => `${a}=${b}`).join("&")}`]) {
            const forms = querySources("/", search);
            expect(forms.length).toBeLessThanOrEqual(most);
            for (const form of forms) expect(form.length).toBeLessThan(3 * 1024 + 10);
          }
        },
      ),
      { numRuns: 200 },
    );
    const huge = `?${Array.from({ length: 10_000 }, (_, i) => `k${i}=${i}`).join("&")}`;
    const started = performance.now();
    expect(querySources("/", huge).length).toBe(most);
    expect(querySources("/", `?q=${"x".repeat(8192)}`)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
