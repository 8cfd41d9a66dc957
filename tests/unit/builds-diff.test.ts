import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { diffSequences, diffTexts, foldUnchanged, words, boundedDiff } from "~/builds/diff";

/** The length of the longest common subsequence, by dynamic programming (the reference for small inputs). */
function lcs(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
    }
  }
  return table[a.length]![b.length]!;
}

describe("Myers' diff", () => {
  test("rebuilds both sides and keeps the most in common", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c", "d")),
        fc.array(fc.constantFrom("a", "b", "c", "d")),
        (a, b) => {
          const runs = diffSequences(a, b);
          expect(runs.filter((r) => r.change !== "add").flatMap((r) => r.items)).toEqual(a);
          expect(runs.filter((r) => r.change !== "remove").flatMap((r) => r.items)).toEqual(b);
          expect(runs.filter((r) => r.change === "same").reduce((n, r) => n + r.items.length, 0)).toBe(lcs(a, b));
        },
      ),
      { numRuns: 400 },
    );
  });

  test("handles empty sides", () => {
    expect(diffSequences([], ["x"])).toEqual([{ change: "add", items: ["x"] }]);
    expect(diffSequences(["x"], [])).toEqual([{ change: "remove", items: ["x"] }]);
    expect(diffSequences([], [])).toEqual([]);
  });
});

describe("readable diffs", () => {
  test("a changed Persian word shows as that word; ZWNJ stays inside its word", () => {
    const before = "من می‌خواهم کتاب‌ها را بخوانم.\nخط دوم";
    const after = "من می‌خواستم کتاب‌ها را بخوانم.\nخط دوم";
    const lines = diffTexts(before, after);
    const removed = lines.find((l) => l.change === "remove")!;
    const added = lines.find((l) => l.change === "add")!;
    expect(removed.pieces.filter((p) => p.change === "remove").map((p) => p.text)).toEqual(["می‌خواهم"]);
    expect(added.pieces.filter((p) => p.change === "add").map((p) => p.text)).toEqual(["می‌خواستم"]);
    expect(added.pieces.map((p) => p.text).join("")).toBe("من می‌خواستم کتاب‌ها را بخوانم.");
    expect(lines.at(-1)).toMatchObject({ change: "same", oldNumber: 2, newNumber: 2 });
  });

  test("unlike lines are whole-line changes; new and deleted files are all one side", () => {
    const lines = diffTexts("alpha beta\n", "completely different\n");
    expect(lines.map((l) => [l.change, l.pieces.length])).toEqual([
      ["remove", 1],
      ["add", 1],
    ]);
    expect(diffTexts("", "a\nb\n").every((l) => l.change === "add")).toBe(true);
    expect(diffTexts("a\nb\n", "").every((l) => l.change === "remove")).toBe(true);
  });

  test("long unchanged stretches fold, keeping two lines of context", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n");
    const after = before.replace("line 10", "line ten");
    const rows = foldUnchanged(diffTexts(before, after));
    expect(rows[0]).toEqual({ kind: "skip", count: 8 });
    expect(rows.at(-1)).toEqual({ kind: "skip", count: 7 });
    expect(rows.filter((r) => r.kind === "line")).toHaveLength(6);
  });

  test("words keep digits of every script and split punctuation off", () => {
    expect(words("سال ۱۴۰۵، React 19.").filter((w) => w.trim())).toEqual(["سال", "۱۴۰۵", "،", "React", "19", "."]);
  });
});

describe("bounded diffs", () => {
  const text = (n: number, at: (i: number) => string = (i) => `line ${i}`) =>
    Array.from({ length: n }, (_, i) => at(i)).join("\n");

  test("a local edit in a long text is found after setting aside the lines both share, numbered in place", () => {
    const before = text(20_000);
    const after = before.replace("line 12345\n", "line twelve thousand\n");
    const { rows, hidden, whole } = boundedDiff(before, after);
    expect(whole).toBe(false);
    expect(hidden).toBe(0);
    const changed = rows.flatMap((r) => (r.kind === "line" && r.line.change !== "same" ? [r.line] : []));
    expect(changed.map((l) => [l.change, l.oldNumber, l.newNumber])).toEqual([
      ["remove", 12346, null],
      ["add", null, 12346],
    ]);
    expect(rows[0]).toEqual({ kind: "skip", count: 12343 });
  });

  test("a middle too long to compare is shown whole, and the rows stop at the cap with what was left out", () => {
    const before = text(3000, (i) => `old ${i}`);
    const after = text(3000, (i) => `new ${i}`);
    const { rows, hidden, whole } = boundedDiff(before, after, { maxLines: 1000, maxRows: 500 });
    expect(whole).toBe(true);
    expect(rows).toHaveLength(500);
    expect(hidden).toBe(5500);
    expect(rows.every((r) => r.kind === "line" && r.line.change === "remove")).toBe(true);
  });

  test("a short change is the same diff as the whole texts compared", () => {
    const before = "---\ntitle: یکم\ndate: 2026-11-20\n---\n\nمتن.\n";
    const after = "---\ntitle: دوم\ndate: 2026-11-21\n---\n\nمتن.\n";
    expect(boundedDiff(before, after).rows).toEqual(foldUnchanged(diffTexts(before, after)));
  });
});
