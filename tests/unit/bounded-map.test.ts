import { describe, expect, test } from "vitest";
import { BoundedMap } from "~/lib/bounded-map";

describe("BoundedMap", () => {
  test("never holds more than its limit: the entry used longest ago goes first", () => {
    const map = new BoundedMap<string, number>(3);
    for (const [i, key] of ["a", "b", "c", "d", "e"].entries()) map.set(key, i);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(["c", "d", "e"]);
  });

  test("reading an entry keeps it; peeking does not", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2);
    expect(map.get("a")).toBe(1);
    map.set("c", 3);
    expect([...map.keys()]).toEqual(["a", "c"]);
    expect(map.peek("a")).toBe(1);
    map.set("d", 4);
    expect(map.has("a")).toBe(false);
    expect(map.get("c")).toBe(3);
  });

  test("setting a kept key again replaces it without evicting another", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("a", 3);
    expect([...map.entries()]).toEqual([
      ["b", 2],
      ["a", 3],
    ]);
  });

  test("a missing key is undefined and adds nothing", () => {
    const map = new BoundedMap<string, number | undefined>(2);
    map.set("a", undefined);
    expect(map.get("b")).toBeUndefined();
    expect(map.has("a")).toBe(true);
    expect(map.size).toBe(1);
  });
});
