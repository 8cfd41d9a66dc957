/**
 * The one rule for a block's direction, and that the editor and the site's renderer both follow it: the same text
 * reads the same way in the editor's blocks and on the published page.
 */
import { describe, expect, test } from "vitest";
import {
  countLetters,
  directionOfLetters,
  emptyCount,
  leadingMark,
  letterDirection,
  LRM,
  RLM,
  textDirection,
} from "~/lib/text-direction";
import { rehypeDirection } from "~/content/markdown/text-direction";
import type { Root } from "hast";

/** Cases a writer meets: [text, the page's direction, the direction it reads in]. */
const cases = [
  ["React یک کتابخانهٔ جاوااسکریپت برای ساختن رابط کاربری است.", "rtl", "rtl"],
  ["React یک کتابخانهٔ جاوااسکریپت برای ساختن رابط کاربری است.", "ltr", "rtl"],
  ["2024 سال خوبی بود", "rtl", "rtl"],
  ["Git و GitHub را یاد بگیرید", "rtl", "rtl"],
  ["Hello world", "rtl", "ltr"],
  ["TypeScript 5.6 برای Node", "rtl", "ltr"],
  ["The word «کتاب» means book.", "ltr", "ltr"],
  ["The word «کتاب» means book.", "rtl", "ltr"],
  [`${RLM}Hello world`, "ltr", "rtl"],
  [`${LRM}سلام دنیا`, "rtl", "ltr"],
  ["שלום עולם", "ltr", "rtl"],
] as const;

describe("the rule", () => {
  test.each(cases)("%s on a %s page reads %s", (text, pageDir, dir) => {
    expect(textDirection([{ text }], pageDir)).toBe(dir);
  });

  test("letters of the other direction must outnumber the page's more than two to one", () => {
    expect(directionOfLetters({ ltr: 10, rtl: 5 }, "rtl")).toBe("rtl");
    expect(directionOfLetters({ ltr: 11, rtl: 5 }, "rtl")).toBe("ltr");
    expect(directionOfLetters({ ltr: 5, rtl: 11 }, "ltr")).toBe("rtl");
    expect(directionOfLetters(emptyCount(), "rtl")).toBeNull();
  });

  test("digits, punctuation and code have no direction; a mark only counts at the start", () => {
    expect(textDirection([{ text: "۱۲۳ — 45 !" }], "rtl")).toBeNull();
    expect(textDirection([{ text: "git log --oneline", code: true }], "rtl")).toBeNull();
    expect(textDirection([{ text: `سلام ${LRM}دنیا` }], "ltr")).toBe("rtl");
    expect(leadingMark("\u061Cx")).toBe("rtl");
    expect(leadingMark("x")).toBeNull();
  });
});

describe("letters are counted as Unicode defines them", () => {
  // The definition, written out: a letter is \p{L}; it reads right to left in these scripts.
  const rtlScripts =
    /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
  const defined = (ch: string) => (/\p{L}/u.test(ch) ? (rtlScripts.test(ch) ? "rtl" : "ltr") : null);

  test("every character of the Basic Multilingual Plane, asked twice (the second answer is remembered)", () => {
    const wrong: string[] = [];
    for (let pass = 0; pass < 2; pass++)
      for (let unit = 0; unit < 0x10000; unit++) {
        const ch = String.fromCharCode(unit);
        if (letterDirection(ch) !== defined(ch)) wrong.push(unit.toString(16));
      }
    expect(wrong).toEqual([]);
  });

  test("text with characters beyond it, pairs broken in half, marks and tatweel", () => {
    const text = "𞤀𞤢 Adlam, 𝐁𝐨𝐥𝐝, 😀 \uD800 a\uDC00 ـ ؟ سلام‌ها ab" + "\uD83D";
    const expected = emptyCount();
    for (const ch of text) {
      const dir = defined(ch);
      if (dir) expected[dir]++;
    }
    const count = emptyCount();
    countLetters(text, count);
    expect(count).toEqual(expected);
    expect(count.rtl).toBeGreaterThan(4);
    expect(count.ltr).toBeGreaterThan(10);
  });
});

/** The direction the site's renderer gives a paragraph of `text` (`dir="auto"` resolved as the browser does). */
function rendered(text: string, pageDir: "ltr" | "rtl"): string {
  const tree: Root = {
    type: "root",
    children: [{ type: "element", tagName: "p", properties: {}, children: [{ type: "text", value: text }] }],
  };
  rehypeDirection(pageDir)(tree);
  const p = tree.children[0] as { properties: { dir?: string }; children: { type: string; tagName?: string }[] };
  if (p.properties.dir !== "auto") return String(p.properties.dir);
  // The browser takes the first strong letter outside <bdi>: the renderer isolates the other direction's runs.
  const outside = p.children
    .filter((child) => child.type === "text")
    .map((child) => (child as unknown as { value: string }).value)
    .join("");
  return textDirection([{ text: [...outside].find((ch) => /[\p{L}\u200E\u200F]/u.test(ch)) ?? "" }], pageDir) ?? "";
}

describe("the renderer and the editor read a block alike", () => {
  test.each(cases)("%s on a %s page", (text, pageDir, dir) => {
    expect(rendered(text, pageDir)).toBe(dir);
  });

  test("a paragraph of digits takes the page's direction on the page, not the browser's left-to-right", () => {
    expect(rendered("۱۲۳۴", "rtl")).toBe("rtl");
    expect(rendered("1234", "ltr")).toBe("ltr");
  });
});
