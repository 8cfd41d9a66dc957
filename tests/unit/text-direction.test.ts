/**
 * The one rule for a block's direction, and that the editor and the site's renderer both follow it: the same text
 * reads the same way in the editor's blocks and on the published page.
 */
import { describe, expect, test } from "vitest";
import { directionOfLetters, emptyCount, leadingMark, LRM, RLM, textDirection } from "~/lib/text-direction";
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
