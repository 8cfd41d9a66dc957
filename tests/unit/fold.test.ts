import { describe, expect, test } from "vitest";
import { normalizeText } from "~/content/search/normalize";
import { slugify } from "~/content/slug";
import { foldKeyboard, foldSlugText } from "~/i18n/fold";

const ZWNJ = "\u200c";

// What each caller finds: the dashboard searches (users, items) fold only the keyboard variants; addresses also
// fold digits and drop marks; site search folds the most. A text folds the same way for everyone who shares a rule.
describe("Persian folding", () => {
  test.each([
    ["Arabic yeh", "علي", "علی"],
    ["alef maksura", "موسى", "موسی"],
    ["Arabic kaf", "كتاب", "کتاب"],
    ["Latin lower case", "Git", "git"],
    ["digits stay", "۱۴۰۵", "۱۴۰۵"],
    ["diacritics stay", "کِتاب", "کِتاب"],
    ["tatweel stays", "کـتاب", "کـتاب"],
    ["ZWNJ stays", `نیم${ZWNJ}فاصله`, `نیم${ZWNJ}فاصله`],
    ["teh marbuta stays", "مدرسة", "مدرسة"],
  ])("dashboard search: %s", (_, text, folded) => {
    expect(foldKeyboard(text)).toBe(folded);
  });

  test.each([
    ["Arabic yeh and kaf", "كيف", "کیف"],
    ["Persian digits", "۱۴۰۵", "1405"],
    ["Arabic-Indic digits", "٢٠٢٦", "2026"],
    ["harakat and superscript alef go", "کِتابُ رحمٰن", "کتاب رحمن"],
    ["tatweel goes", "کـــتاب", "کتاب"],
    ["ZWJ goes", "ک\u200dتاب", "کتاب"],
    ["ZWNJ stays (the slug makes it a word break)", `نیم${ZWNJ}فاصله`, `نیم${ZWNJ}فاصله`],
    ["teh marbuta stays", "مدرسة", "مدرسة"],
    ["Latin lower case", "Git Bisect", "git bisect"],
  ])("address text: %s", (_, text, folded) => {
    expect(foldSlugText(text)).toBe(folded);
  });

  test.each([
    ["Arabic yeh", "علي", "علی"],
    ["swash kaf", "ڪتاب", "کتاب"],
    ["teh marbuta", "مدرسة", "مدرسه"],
    ["Persian digits", "۱۴۰۵", "1405"],
    ["tatweel", "کـتاب", "کتاب"],
    ["ZWNJ stays", `نیم${ZWNJ}فاصله`, `نیم${ZWNJ}فاصله`],
  ])("site search: %s", (_, text, folded) => {
    expect(normalizeText(text)).toBe(folded);
  });

  test("an address is one whatever keyboard typed its title", () => {
    expect(slugify("كتاب ۱۴۰۵")).toBe(slugify("کتاب 1405"));
    expect(slugify("كتاب ۱۴۰۵")).toBe("کتاب-1405");
  });

  test("every rule that folds the keyboard variants folds them alike", () => {
    for (const text of ["علي", "موسى", "كتاب"]) {
      expect(foldSlugText(text)).toBe(foldKeyboard(text));
      expect(normalizeText(text)).toBe(foldKeyboard(text));
    }
  });
});
