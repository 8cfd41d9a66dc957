import { describe, expect, test } from "vitest";
import { localeOfCode, localeOfText } from "~/import/language";

describe("an imported item's language", () => {
  test.each([
    ["متن فارسی با یک واژهٔ English", "fa"],
    ["An English text with یک واژه", "en"],
    ["نص عربي قصير", "fa"],
    ["۱۲۳ ٤٥٦ 789 — !؟", "en"],
    ["", "en"],
  ] as const)("%s → %s", (text, locale) => {
    expect(localeOfText(text, "en")).toBe(locale);
  });

  test("addresses, code and HTML tags are not read as words", () => {
    const markdown = [
      "سلام دنیا",
      "[پیوند](https://example.com/a/very/long/english/address/with/many/letters)",
      "![عکس](/content/images/photograph-of-something-beautiful.jpg)",
      "`someFunctionName()` و <https://www.youtube.com/watch?v=abcdefghijkl>",
      "```javascript\nconst somethingLong = anotherThingEntirely + yetAnotherIdentifier;\n```",
      '<sup class="footnote-reference">۱</sup>',
    ].join("\n\n");
    expect(localeOfText(markdown, "en")).toBe("fa");
  });

  test.each([
    ["fa", "fa"],
    ["fa-IR", "fa"],
    ["fa_IR", "fa"],
    ["per", "fa"],
    ["en", "en"],
    ["en-US", "en"],
    ["EN_gb", "en"],
    ["ar", null],
    ["", null],
  ] as const)("the code %s is %s", (code, locale) => {
    expect(localeOfCode(code)).toBe(locale);
  });
});
