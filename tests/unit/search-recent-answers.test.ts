import { describe, expect, test } from "vitest";
import { RecentAnswers } from "~/content/search/recent-answers";

/** A search whose answer the test gives when it chooses, counting how often it was asked. */
function searches() {
  const pending: ((answer: string) => void)[] = [];
  let asked = 0;
  return {
    compute: () => {
      asked++;
      return new Promise<string>((resolve) => pending.push(resolve));
    },
    answer: (text: string) => pending.shift()!(text),
    asked: () => asked,
  };
}

describe("answers to recent searches", () => {
  test("the same words at once wait for one search, and later ones get its answer", async () => {
    const recent = new RecentAnswers<string>(10, 60_000);
    const search = searches();
    const first = recent.answer("git", search.compute);
    const second = recent.answer("git", search.compute);
    search.answer("three pages");
    expect(await Promise.all([first, second])).toEqual(["three pages", "three pages"]);
    expect(await recent.answer("git", search.compute)).toBe("three pages");
    expect(search.asked()).toBe(1);
  });

  test("after the index may have changed, the words are searched again", async () => {
    const recent = new RecentAnswers<string>(10, 60_000);
    const search = searches();
    const before = recent.answer("git", search.compute);
    search.answer("before");
    await before;
    recent.forget();
    const after = recent.answer("git", search.compute);
    search.answer("after");
    expect(await after).toBe("after");
    expect(search.asked()).toBe(2);
  });

  test("an answer computed while the index changed is given but not kept", async () => {
    const recent = new RecentAnswers<string>(10, 60_000);
    const search = searches();
    const during = recent.answer("git", search.compute);
    recent.forget();
    search.answer("from the old index");
    expect(await during).toBe("from the old index");
    const next = recent.answer("git", search.compute);
    search.answer("from the new index");
    expect(await next).toBe("from the new index");
    expect(search.asked()).toBe(2);
  });

  test("a failed search is not kept", async () => {
    const recent = new RecentAnswers<string>(10, 60_000);
    await expect(recent.answer("git", () => Promise.reject(new Error("busy")))).rejects.toThrow("busy");
    expect(await recent.answer("git", () => Promise.resolve("found"))).toBe("found");
  });

  test("answers expire, and the oldest go first past the bound", async () => {
    let now = 0;
    const recent = new RecentAnswers<string>(2, 1000, () => now);
    const search = searches();
    for (const words of ["a", "b", "c"]) {
      const answer = recent.answer(words, search.compute);
      search.answer(words);
      await answer;
    }
    expect(recent.size).toBe(2);
    const again = recent.answer("a", search.compute);
    search.answer("a again");
    expect(await again).toBe("a again");
    now = 1001;
    const expired = recent.answer("c", search.compute);
    search.answer("c again");
    expect(await expired).toBe("c again");
    expect(search.asked()).toBe(5);
  });
  test("past its bound the answer used longest ago goes first: words searched all the time stay", async () => {
    const recent = new RecentAnswers<string>(3, 60_000);
    let asked = 0;
    const compute = (text: string) => () => (asked++, Promise.resolve(text));
    await recent.answer("git", compute("git"));
    for (const words of ["a", "b", "c", "d"]) {
      await recent.answer(words, compute(words));
      await recent.answer("git", compute("git"));
    }
    expect(recent.size).toBe(3);
    expect(asked).toBe(5);
    await recent.answer("a", compute("a"));
    expect(asked).toBe(6);
  });
});
