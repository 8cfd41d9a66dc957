import { readFileSync } from "node:fs";
import { afterEach, describe, expect, test, vi } from "vitest";
import en from "~/keys/names/en";
import fa from "~/keys/names/fa";
import { loadNameList, randomDisplayName, type NameList } from "~/keys/random-name";
import { initialsOf } from "~/ui/initials";

const ZWNJ = "\u200c";
/** Persian letters (incl. hamza forms) plus ZWNJ; no Arabic ي/ك/ة, no diacritics. */
const PERSIAN_WORD = /^[ءآأؤئابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهی\u200c]+$/u;
/** Letters that never join to the left: a ZWNJ after them is meaningless. */
const NON_JOINING_THEN_ZWNJ = /[اآأإدذرزژوؤء]\u200c/u;

/** Small deterministic PRNG (mulberry32) for reproducible tests. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Undo the written Persian ezafe «ی» after a final «ا»/«و». */
function stripEzafe(word: string): string {
  return /[اآو]ی$/u.test(word) ? word.slice(0, -1) : word;
}

const lists: ReadonlyArray<readonly [string, NameList]> = [
  ["en", en],
  ["fa", fa],
];

describe.each(lists)("%s word list", (_locale, list) => {
  test("has at least 170 adjectives and 90 animals", () => {
    expect(list.adjectives.length).toBeGreaterThanOrEqual(170);
    expect(list.animals.length).toBeGreaterThanOrEqual(90);
  });

  test("has no duplicates, within or across lists", () => {
    expect(new Set(list.adjectives).size).toBe(list.adjectives.length);
    expect(new Set(list.animals).size).toBe(list.animals.length);
    const both = list.adjectives.filter((w) => list.animals.includes(w));
    expect(both).toEqual([]);
  });

  test("has no empty, padded or multi-word entries", () => {
    for (const word of [...list.adjectives, ...list.animals]) {
      expect(word.trim()).toBe(word);
      expect(word).not.toBe("");
      expect(word).not.toMatch(/\s/u);
    }
  });

  test("has a newcomer text", () => {
    expect(list.newcomer.trim()).not.toBe("");
  });
});

describe("English list", () => {
  test("words are capitalised and letters only", () => {
    const bad = [...en.adjectives, ...en.animals].filter((w) => !/^[A-Z][a-z]+$/u.test(w));
    expect(bad).toEqual([]);
  });

  test("newcomer text", () => {
    expect(en.newcomer).toBe("A newcomer to Daftar");
  });
});

describe("Persian list", () => {
  const words = [...fa.adjectives, ...fa.animals];

  test("never uses Arabic yeh (U+064A) or kaf (U+0643)", () => {
    const all = [...words, fa.newcomer].join(" ");
    expect(all).not.toContain("\u064a");
    expect(all).not.toContain("\u0643");
  });

  test("uses only Persian-script letters and ZWNJ", () => {
    expect(words.filter((w) => !PERSIAN_WORD.test(w))).toEqual([]);
  });

  test("places ZWNJ only between letters, after a joining letter", () => {
    const bad = words.filter(
      (w) => w.startsWith(ZWNJ) || w.endsWith(ZWNJ) || w.includes(ZWNJ + ZWNJ) || NON_JOINING_THEN_ZWNJ.test(w),
    );
    expect(bad).toEqual([]);
  });

  test("uses ZWNJ in standard compounds", () => {
    expect(fa.adjectives).toContain("خوش\u200cحال");
    expect(fa.newcomer).toBe("تازه\u200cوارد دفتر");
    expect(fa.adjectives).toContain("بی\u200cباک");
    // «خوش» compounds are written with ZWNJ, never joined («خوشحال»).
    expect(words.filter((w) => /^خوش(?!\u200c)./u.test(w))).toEqual([]);
  });
});

describe("randomDisplayName", () => {
  test("English is 'Adjective Animal'", () => {
    const random = seeded(42);
    for (let i = 0; i < 500; i++) {
      const parts = randomDisplayName(en, "en", random).split(" ");
      expect(parts).toHaveLength(2);
      expect(en.adjectives).toContain(parts[0]);
      expect(en.animals).toContain(parts[1]);
    }
  });

  test("Persian is «animal adjective»", () => {
    const random = seeded(7);
    for (let i = 0; i < 500; i++) {
      const parts = randomDisplayName(fa, "fa", random).split(" ");
      expect(parts).toHaveLength(2);
      expect(fa.animals).toContain(stripEzafe(parts[0]!));
      expect(fa.adjectives).toContain(parts[1]);
    }
  });

  test("is deterministic for a given random source", () => {
    const run = (seed: number) => {
      const random = seeded(seed);
      return Array.from({ length: 20 }, () => randomDisplayName(fa, "fa", random));
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
  });

  test("draws the adjective first, then the animal", () => {
    const list: NameList = {
      adjectives: ["Calm", "Brave"],
      animals: ["Otter", "Fox"],
      newcomer: "x",
    };
    const values = [0.9, 0.1];
    const random = () => values.shift() ?? 0;
    expect(randomDisplayName(list, "en", random)).toBe("Brave Otter");
  });

  test("covers the whole range of indices, and tolerates 1", () => {
    expect(randomDisplayName(en, "en", () => 0)).toBe(`${en.adjectives[0]} ${en.animals[0]}`);
    expect(randomDisplayName(en, "en", () => 0.999999999)).toBe(`${en.adjectives.at(-1)} ${en.animals.at(-1)}`);
    expect(randomDisplayName(en, "en", () => 1)).toBe(`${en.adjectives.at(-1)} ${en.animals.at(-1)}`);
  });

  test("Persian writes the ezafe «ی» after a final «ا» or «و»", () => {
    const list: NameList = {
      adjectives: ["کنجکاو"],
      animals: ["آهو", "پاندا", "سمور", "پروانه"],
      newcomer: "x",
    };
    const names = [0, 0.3, 0.6, 0.9].map((v) => randomDisplayName(list, "fa", () => v));
    expect(names).toEqual(["آهوی کنجکاو", "پاندای کنجکاو", "سمور کنجکاو", "پروانه کنجکاو"]);
  });

  describe("default random source", () => {
    afterEach(() => vi.restoreAllMocks());

    test("uses crypto.getRandomValues and produces valid, varied names", () => {
      const spy = vi.spyOn(globalThis.crypto, "getRandomValues");
      const names = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const name = randomDisplayName(en, "en");
        const [adjective, animal] = name.split(" ");
        expect(en.adjectives).toContain(adjective);
        expect(en.animals).toContain(animal);
        names.add(name);
      }
      expect(spy).toHaveBeenCalled();
      expect(names.size).toBeGreaterThan(1);
      const [animal, adjective] = randomDisplayName(fa, "fa").split(" ");
      expect(fa.animals).toContain(stripEzafe(animal!));
      expect(fa.adjectives).toContain(adjective);
    });
  });
});

describe("loadNameList", () => {
  test("loads the requested language", async () => {
    expect(await loadNameList("en")).toBe(en);
    expect(await loadNameList("fa")).toBe(fa);
  });

  test("word lists are only imported dynamically (one chunk per language)", () => {
    const source = readFileSync(new URL("../../app/keys/random-name.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*import\s(?!type\b)[^;]*names\//mu);
    expect(source).toMatch(/import\(\s*["']\.\/names\/fa(\.ts)?["']\s*\)/u);
    expect(source).toMatch(/import\(\s*["']\.\/names\/en(\.ts)?["']\s*\)/u);
  });
});

describe("initialsOf", () => {
  test.each([
    ["Curious Otter", "CO"],
    ["curious otter", "CO"],
    ["madonna", "M"],
    ["  Curious \t  Otter  ", "CO"],
    ["Very Curious Otter", "VC"],
    ["سمور کنجکاو", "سک"],
    ["آهوی کنجکاو", "آک"],
    ["سمور خوش\u200cحال", "سخ"],
    ["\u200cسمور  \u200c کنجکاو\u200c", "سک"],
    ["", ""],
    ["   ", ""],
  ])("%j → %j", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
