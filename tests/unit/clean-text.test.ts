/**
 * The one cleaner of text people write: every invisible control that can disguise text goes, and nothing a
 * language needs does (Persian's ZWNJ and ZWJ above all).
 */
import { describe, expect, test } from "vitest";
import { plainCommentName } from "~/comments/schema";
import fa from "~/keys/names/fa";
import { randomDisplayName } from "~/keys/random-name";
import { cleanLine, cleanLines } from "~/lib/clean-text";

const spoofing: [string, string][] = [
  ["right-to-left override", "\u202E"],
  ["left-to-right embedding", "\u202A"],
  ["right-to-left embedding", "\u202B"],
  ["pop directional formatting", "\u202C"],
  ["left-to-right override", "\u202D"],
  ["left-to-right isolate", "\u2066"],
  ["right-to-left isolate", "\u2067"],
  ["first strong isolate", "\u2068"],
  ["pop directional isolate", "\u2069"],
  ["left-to-right mark", "\u200E"],
  ["right-to-left mark", "\u200F"],
  ["Arabic letter mark", "\u061C"],
  ["NUL", "\u0000"],
  ["bell", "\u0007"],
  ["escape", "\u001B"],
  ["delete", "\u007F"],
  ["C1 control", "\u0085"],
  ["C1 CSI", "\u009B"],
  ["byte order mark", "\uFEFF"],
  ["lone high surrogate", "\uD800"],
  ["lone low surrogate", "\uDC00"],
  ["line separator", "\u2028"],
  ["word joiner", "\u2060"],
];

describe("cleanLine and cleanLines", () => {
  test.each(spoofing)("removes the %s", (_name, char) => {
    expect(cleanLine(`ab${char}cd`)).toBe("abcd");
    expect(cleanLines(`ab${char}cd`)).toBe("abcd");
    expect(cleanLine(`${char}${char}`)).toBe("");
  });

  test("keeps ZWNJ and ZWJ", () => {
    expect(cleanLine("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(cleanLines("a\u200Db")).toBe("a\u200Db");
  });

  test.each([
    "می‌خواهم",
    "کتاب‌ها",
    "خانه‌ای",
    "شاهین خوش‌صحبت",
    "نیم‌فاصله‌دار",
    "👩‍💻 emoji with ZWJ",
    "é (e + combining)",
  ])("keeps «%s» as written", (word) => {
    expect(cleanLine(word)).toBe(word);
    expect(cleanLines(word)).toBe(word);
    expect(plainCommentName(word)).toBe(word);
  });

  test("every built-in Persian random name survives unchanged", () => {
    const words = [...fa.adjectives, ...fa.animals, fa.newcomer];
    expect(words.some((w) => w.includes("\u200C"))).toBe(true);
    for (const word of words) expect(cleanLine(word)).toBe(word);
    for (let a = 0; a < fa.adjectives.length; a++) {
      for (let n = 0; n < fa.animals.length; n++) {
        const name = randomDisplayName(fa, "fa", sequence(a / fa.adjectives.length, n / fa.animals.length));
        expect(plainCommentName(name)).toBe(name);
      }
    }
  });

  test("a single line turns tabs and line breaks into spaces; several lines keep them", () => {
    expect(cleanLine("a\tb\r\nc\nd")).toBe("a b c d");
    expect(cleanLines("a\tb\r\nc\rd\ne")).toBe("a\tb\nc\nd\ne");
  });

  test("a surrogate pair (an emoji) is one character, not two lone halves", () => {
    expect(cleanLine("ok 😀")).toBe("ok 😀");
  });

  test("an anonymous name is cut by characters, never through an emoji", () => {
    const name = plainCommentName(`${"a".repeat(59)}😀😀`);
    expect(name).toBe(`${"a".repeat(59)}😀`);
    expect(plainCommentName("<b>bold</b>\u202E")).toBe("bbold/b");
  });
});

/** A random source giving these values in turn. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}
