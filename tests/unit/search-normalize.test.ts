import { afterAll, describe, expect, test } from "vitest";

import { normalizeText, normalizeWithMap } from "~/content/search/normalize";
import { splitCompounds, tokenize, tokenizeForIndex } from "~/content/search/tokenize";
import { closeSearchDatabase, emptySearchIndex } from "../helpers/search-db";
import type { Locale } from "~/i18n/locales";

const ZWNJ = "\u200c";

afterAll(closeSearchDatabase);

describe("normalizeText", () => {
  test.each([
    ["Arabic yeh ي → ی", "علي", "علی"],
    ["alef maksura ى → ی", "موسى", "موسی"],
    ["yeh with hamza ئ → ی", "مسئله", "مسیله"],
    ["Arabic kaf ك → ک", "كتاب", "کتاب"],
    ["teh marbuta ة → ه", "مدرسة", "مدرسه"],
    ["heh with yeh above ۀ → ه", "خانۀ", "خانه"],
    ["heh + hamza above mark → ه", "خانهٔ", "خانه"],
    ["alef forms أ إ آ ٱ → ا", "أإآٱ", "اااا"],
    ["waw with hamza ؤ → و", "مؤمن", "مومن"],
    ["harakat removed", "کِتابُ مُدَرِّس", "کتاب مدرس"],
    ["superscript alef removed", "رحمٰن", "رحمن"],
    ["tatweel removed", "کـــتاب", "کتاب"],
    ["Persian digits", "۰۱۲۳۴۵۶۷۸۹", "0123456789"],
    ["Arabic-Indic digits", "٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["Latin lower-cased", "JavaScript HTML", "javascript html"],
    ["Latin accents removed", "Café Ångström", "cafe angstrom"],
    ["dotted capital I is locale-independent", "İstanbul", "istanbul"],
    ["presentation forms (NFKC)", "ﻛﺘﺎﺏ", "کتاب"],
    ["isolated presentation kaf ﻙ", "ﻙ", "ک"],
    ["ligature ﷲ", "ﷲ", "الله"],
    ["full-width Latin", "ＡＢＣ１２", "abc12"],
    ["ZWNJ is kept", `می${ZWNJ}خواهم`, `می${ZWNJ}خواهم`],
    ["bidi marks, ZWJ and soft hyphen removed", "\u200fکتاب\u200d\u00ad", "کتاب"],
    ["NBSP becomes a space", "a\u00a0b", "a b"],
    ["clean Persian text unchanged", "کتاب‌های فارسی", "کتاب‌های فارسی"],
  ])("%s", (_name, input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });

  test("is idempotent", async () => {
    const samples = ["كتابي ﻛﺘﺎﺏ ۱۴۰۳ Café İ", "کِتابُ‌ها ـــ ۀ ة أ", "e\u0301 ñ Ǆ ﬁ ½", "😀 a\u0301\u0302 👍🏽", "ﾃﾞ ﴮ"];
    for (const s of samples) expect(normalizeText(normalizeText(s))).toBe(normalizeText(s));
  });

  test("is idempotent and agrees with normalizeWithMap on random mixed-script text", async () => {
    const ranges: Array<[number, number]> = [
      [0x20, 0x7e],
      [0xa0, 0x24f],
      [0x300, 0x36f],
      [0x370, 0x3ff],
      [0x600, 0x6ff],
      [0x1100, 0x1112],
      [0x2000, 0x206f],
      [0xac00, 0xac20],
      [0xfb50, 0xfdff],
      [0xfe70, 0xfeff],
      [0xff00, 0xffef],
      [0x1f300, 0x1f64f],
    ];
    let seed = 42;
    const rand = (): number => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let k = 0; k < 5000; k++) {
      let s = "";
      for (let i = 0, n = 1 + Math.floor(rand() * 12); i < n; i++) {
        const [a, b] = ranges[Math.floor(rand() * ranges.length)]!;
        s += String.fromCodePoint(a + Math.floor(rand() * (b - a + 1)));
      }
      const once = normalizeText(s);
      expect(normalizeText(once), JSON.stringify(s)).toBe(once);
      const mapped = normalizeWithMap(s);
      expect(mapped.text).toBe(once);
      expect(mapped.start).toHaveLength(once.length);
      expect(tokenize(once)).toEqual(tokenize(s));
    }
  });

  test("matches its mapped variant and maps back to the original characters", async () => {
    const original = "کـــتابُ ﻙ İ e\u0301x ۱۲";
    const { text, start, end } = normalizeWithMap(original);
    expect(text).toBe(normalizeText(original));
    expect(start).toHaveLength(text.length);
    expect(end).toHaveLength(text.length);
    // "کتاب" covers the tatweels and the final damma
    const k = text.indexOf("کتاب");
    expect(original.slice(start[k]!, end[k + 3]!)).toBe("کـــتابُ");
    // "e" comes from "e" + combining acute
    const e = text.indexOf("ex");
    expect(original.slice(start[e]!, end[e]!)).toBe("e\u0301");
    const d = text.indexOf("12");
    expect(original.slice(start[d]!, end[d + 1]!)).toBe("۱۲");
  });
});

describe("tokenize", () => {
  test.each([
    ["whitespace", "hello  world\tagain\n", ["hello", "world", "again"]],
    ["ZWNJ splits words", `می${ZWNJ}خواهم`, ["می", "خواهم"]],
    ["Persian punctuation", "«سلام»، خوبی؟ بله؛ ممنون.", ["سلام", "خوبی", "بله", "ممنون"]],
    ["Latin punctuation", "end-to-end (test), a.b!", ["end", "to", "end", "test", "a", "b"]],
    ["letters and digits of any script", "HTML5 ۱۴۰۳ Ελλάδα", ["html5", "1403", "ελλαδα"]],
    ["normalises first", "كتابي ۱۲", ["کتابی", "12"]],
    ["nothing to index", " ؟!،… ", []],
  ])("%s", (_name, input, expected) => {
    expect(tokenize(input)).toEqual(expected);
  });

  test("splitCompounds keeps ZWNJ compounds and space-separated affixes together", async () => {
    expect(splitCompounds(`می${ZWNJ}خواهم کتاب ها را`)).toEqual([["می", "خواهم"], ["کتاب", "ها"], ["را"]]);
    expect(splitCompounds("نمی دانم")).toEqual([["نمی", "دانم"]]);
    expect(splitCompounds("کتاب، ها")).toEqual([["کتاب"], ["ها"]]); // punctuation breaks it
  });

  test("tokenizeForIndex adds joined spellings of compounds", async () => {
    expect(tokenizeForIndex(`می${ZWNJ}خواهم`)).toEqual(["می", "خواهم", "میخواهم"]);
    expect(tokenizeForIndex(`برنامه${ZWNJ}نویس${ZWNJ}ها`)).toEqual([
      "برنامه",
      "نویس",
      "برنامهنویس",
      "ها",
      "نویسها",
      "برنامهنویسها",
    ]);
    // at most 4 parts are joined
    expect(
      tokenizeForIndex("a\u200cb\u200cc\u200cd\u200ce")
        .filter((t) => t.length > 1)
        .sort(),
    ).toEqual(["ab", "abc", "abcd", "bc", "bcd", "bcde", "cd", "cde", "de"].sort());
    expect(tokenizeForIndex("hello world")).toEqual(["hello", "world"]);
  });
});

/**
 * Query/text pairs through a real SearchIndex: the page must (or must not)
 * be found. Design decisions documented by these cases:
 * - ZWNJ splits words for indexing («می‌خواهم» → «می», «خواهم»), and each
 *   compound is also indexed joined («میخواهم»), so the forms with ZWNJ,
 *   with a space and with nothing between the parts all find each other.
 * - Prefix matching applies from 3 characters; typo tolerance from 5
 *   characters (1 edit, 2 from 8 characters), so short words that differ by
 *   a letter («کتاب»/«کباب») do not match.
 */
type Case = [name: string, query: string, text: string, locale?: Locale];

const MUST_MATCH: Case[] = [
  ["Arabic kaf in query, Persian text with plural", "كتاب", `کتاب${ZWNJ}ها`],
  ["Persian query, Arabic kaf in text", "کتاب", "كتاب"],
  ["Arabic yeh in query", "علي", "علی"],
  ["Arabic yeh in text", "علی", "علي"],
  ["alef maksura", "موسی", "موسى"],
  ["Arabic forms across a compound", "كتابهاي", `کتاب${ZWNJ}های`],
  ["Persian digits query, ASCII text", "۱۴۰۳", "سال 1403"],
  ["ASCII digits query, Persian text", "1403", "سال ۱۴۰۳"],
  ["Arabic-Indic digits query", "١٤٠٣", "سال ۱۴۰۳"],
  ["tatweel in text", "کتاب", "کـــتاب"],
  ["diacritics in text", "کتاب", "کِتابُ"],
  ["diacritics in query", "کِتاب", "کتاب"],
  ["hamza above in text", "خانه", "خانهٔ"],
  ["ۀ in text", "خانه", "خانۀ"],
  ["alef with hamza", "مساله", "مسأله"],
  ["alef with madda", "اموزش", "آموزش"],
  ["waw with hamza", "مومن", "مؤمن"],
  ["teh marbuta", "مدرسه", "مدرسة"],
  ["presentation forms in query", "ﻛﺘﺎﺏ", "کتاب"],
  ["invisible marks in query", "\u200fکتاب\u200e", "کتاب"],
  ["second part of a ZWNJ compound", "خواهم", `می${ZWNJ}خواهم`],
  ["compound typed without ZWNJ", "میخواهم", `می${ZWNJ}خواهم`],
  ["compound typed with a space", "می خواهم", `می${ZWNJ}خواهم`],
  ["ZWNJ query, text without ZWNJ", `می${ZWNJ}خواهم`, "میخواهم"],
  ["no-ZWNJ query, text with a space", "میخواهم", "من می خواهم"],
  ["plural with a space", "کتاب ها", `کتاب${ZWNJ}ها`],
  ["plural without ZWNJ", "کتابها", `کتاب${ZWNJ}ها`],
  ["plural query finds the singular", `کتاب${ZWNJ}ها`, "یک کتاب خوب"],
  ["prefix of a compound", "برنام", `برنامه${ZWNJ}نویسی`],
  ["joined compound", "برنامهنویسی", `برنامه${ZWNJ}نویسی`],
  ["part of a compound", "نویسی", `برنامه${ZWNJ}نویسی`],
  ["word inside Persian quotes", "کتاب", "«کتاب»، خوب است."],
  ["Persian two-word AND", "کتاب فارسی", "این کتاب به زبان فارسی است"],
  ["English case-insensitive", "JAVASCRIPT", "JavaScript", "en"],
  ["English lower-case query", "react", "React Hooks", "en"],
  ["English prefix", "progr", "programming languages", "en"],
  ["English typo (transposition, 2 edits)", "javascirpt", "JavaScript basics", "en"],
  ["English typo (1 edit)", "languge", "one language", "en"],
  ["English typo (swapped letters, short word)", "pyhton", "Python scripts", "en"],
  ["Persian typo (swapped letters)", "کتباها", `کتاب${ZWNJ}ها`],
  ["Persian typo (missing letter)", "برنامنویسی", `برنامه${ZWNJ}نویسی`],
  ["English accents", "cafe", "Café culture", "en"],
  ["hyphenated query", "end-to-end", "end to end testing", "en"],
];

const MUST_NOT_MATCH: Case[] = [
  ["one letter apart (short words are not fuzzy)", "کتاب", "کباب خوشمزه"],
  ["one letter apart, 4 letters", "دوست", "درست است"],
  ["no infix matching", "سلام", "اسلام"],
  ["query longer than the word", "مرده", "مرد"],
  ["missing letter in a short word", "کتب", "کتاب"],
  ["different year", "۱۴۰۳", "سال 1402"],
  ["no translation", "book", "کتاب", "fa"],
  ["wrong locale", "کتاب", "کتاب"],
  ["English: no infix matching", "script", "JavaScript", "en"],
  ["English: query longer than the word", "cats", "a cat", "en"],
  ["English: short typo is not fuzzy", "tset", "test", "en"],
  ["English: too many edits", "jvscrpt", "javascript", "en"],
  ["empty query", "", "کتاب"],
  ["whitespace query", "  \u200c\n ", "کتاب"],
  ["punctuation-only query", "؟!،«»", "کتاب؟!"],
];

/** The page is stored under locale "fa" unless the case says "en"; a "wrong locale" case queries the other one. */
async function found(
  query: string,
  text: string,
  locale: Locale = "fa",
  queryLocale: Locale = locale,
): Promise<boolean> {
  const index = await emptySearchIndex();
  await index.upsert({ locale, path: "/p", title: "عنوان", sections: [{ heading: "", anchor: "", text }] });
  return (await index.search(query, queryLocale)).length > 0;
}

describe("search matching", () => {
  test("tables are large enough", async () => {
    expect(MUST_MATCH.length).toBeGreaterThanOrEqual(30);
    expect(MUST_NOT_MATCH.length).toBeGreaterThanOrEqual(10);
  });

  test.each(MUST_MATCH)("matches: %s («%s» → «%s»)", async (_name, query, text, locale = "fa") => {
    expect(await found(query, text, locale)).toBe(true);
  });

  test.each(MUST_NOT_MATCH)("does not match: %s («%s» ↛ «%s»)", async (name, query, text, locale = "fa") => {
    if (name === "wrong locale") {
      // indexed as fa, searched as en (and the control: searched as fa)
      expect(await found(query, text, "fa", "en")).toBe(false);
      expect(await found(query, text, "fa", "fa")).toBe(true);
      return;
    }
    expect(await found(query, text, locale)).toBe(false);
  });
});
