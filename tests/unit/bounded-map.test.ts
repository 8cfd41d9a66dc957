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

describe("BoundedMap with weights", () => {
  const weighed = (max: number) => new BoundedMap<string, string>(10, { max, of: (value) => value.length });

  test("never holds more than its total weight: the entries used longest ago go first", () => {
    const map = weighed(10);
    map.set("a", "xxxx").set("b", "xxxx");
    expect(map.weight).toBe(8);
    map.get("a");
    map.set("c", "xxxx");
    expect([...map.keys()]).toEqual(["a", "c"]);
    expect(map.weight).toBe(8);
  });

  test("replacing, deleting and clearing keep the weight right; an entry heavier than the bound is not kept", () => {
    const map = weighed(10);
    map.set("a", "xxxx").set("a", "xx");
    expect(map.weight).toBe(2);
    map.delete("a");
    map.delete("a");
    expect(map.weight).toBe(0);
    map.set("b", "xxx").set("c", "xxxxxxxxxxx");
    expect(map.size).toBe(0);
    expect(map.weight).toBe(0);
    map.set("d", "x");
    map.clear();
    expect(map.weight).toBe(0);
  });
});
