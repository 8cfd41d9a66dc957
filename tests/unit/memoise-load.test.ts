import { describe, expect, test } from "vitest";
import { memoiseLoad, memoiseLoads } from "~/lib/memoise-load";

function counted<T>(answers: (() => Promise<T>)[]) {
  let calls = 0;
  return {
    load: () => answers[Math.min(calls++, answers.length - 1)]!(),
    calls: () => calls,
  };
}

describe("memoiseLoad", () => {
  test("callers share one load", async () => {
    const source = counted([async () => 1]);
    const memo = memoiseLoad(source.load);
    expect(await Promise.all([memo.get(), memo.get()])).toEqual([1, 1]);
    expect(await memo.get()).toBe(1);
    expect(source.calls()).toBe(1);
  });

  test("a failure is forgotten: the next call loads again", async () => {
    const source = counted([() => Promise.reject(new Error("down")), async () => 2]);
    const memo = memoiseLoad(source.load);
    await expect(memo.get()).rejects.toThrow("down");
    expect(await memo.get()).toBe(2);
    expect(source.calls()).toBe(2);
  });

  test("forget starts a new load; a load forgotten while it ran does not forget the newer one by failing", async () => {
    let fail!: (error: Error) => void;
    const source = counted<number>([() => new Promise((_, reject) => (fail = reject)), async () => 3]);
    const memo = memoiseLoad(source.load);
    const first = memo.get();
    memo.forget();
    expect(await memo.get()).toBe(3);
    fail(new Error("late"));
    await expect(first).rejects.toThrow("late");
    expect(await memo.get()).toBe(3);
    expect(source.calls()).toBe(2);
  });
});

describe("memoiseLoads", () => {
  test("one load per key, a failed key loads again, and only the keys used last are kept", async () => {
    const memo = memoiseLoads<string, string>(2);
    let calls = 0;
    const load = (key: string) => async () => {
      calls++;
      if (key === "bad" && calls < 3) throw new Error("refused");
      return key.toUpperCase();
    };
    expect(await memo.get("a", load("a"))).toBe("A");
    expect(await memo.get("a", load("a"))).toBe("A");
    expect(calls).toBe(1);
    await expect(memo.get("bad", load("bad"))).rejects.toThrow("refused");
    expect(await memo.get("bad", load("bad"))).toBe("BAD");
    expect(calls).toBe(3);
    await memo.get("c", load("c"));
    // Three keys used, two kept: "a" was used longest ago.
    await memo.get("a", load("a"));
    expect(calls).toBe(5);
    memo.forget("a");
    await memo.get("a", load("a"));
    expect(calls).toBe(6);
  });
});
