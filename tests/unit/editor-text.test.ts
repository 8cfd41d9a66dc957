import { describe, expect, test } from "vitest";
import { fileOfPage, isPagePath, pageOfEditorPath, pageOfFile, pagePathProblem } from "~/builds/files";
import { editorPathOf } from "~/content/editor-link";
import { blockDirection, directionOverride, LRM, RLM, withDirectionOverride } from "~/editor/direction";
import { slugify, suggestedPath } from "~/content/slug";
import { insertZwnj, isZwnjShortcut, ZWNJ } from "~/editor/zwnj";

const key = (over: Partial<Parameters<typeof isZwnjShortcut>[0]>) => ({
  key: "",
  code: "",
  shiftKey: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...over,
});

describe("block direction: the rule the renderer uses", () => {
  test.each([
    ["سلام دنیا", "rtl", "rtl"],
    ["React یک کتابخانهٔ جاوااسکریپت برای ساختن رابط کاربری است.", "rtl", "rtl"],
    ["۱۲۳ کتاب", "rtl", "rtl"],
    ["Hello world, this is English.", "ltr", "ltr"],
    ["An English sentence quoted in a Persian post.", "rtl", "ltr"],
    [`${RLM}Hello`, "ltr", "rtl"], // an override mark decides
    [`${LRM}سلام`, "rtl", "ltr"],
  ] as const)("%s on a %s page → %s", (text, pageDir, dir) => {
    expect(blockDirection([{ text }], pageDir)).toBe(dir);
  });

  test("text without letters has no direction of its own: what holds it decides", () => {
    expect(blockDirection([{ text: "123" }], "ltr", "rtl")).toBe("rtl");
    expect(blockDirection([{ text: "۱۲۳ — 45 !" }], "rtl", "ltr")).toBe("ltr");
    expect(blockDirection([{ text: "" }], "ltr")).toBe("ltr");
  });

  test("code runs are not read: a Persian sentence that starts with code stays right-to-left", () => {
    expect(blockDirection([{ text: "git bisect", code: true }, { text: " را اجرا کنید" }], "ltr")).toBe("rtl");
    expect(blockDirection([{ text: "git", code: true }], "rtl")).toBe("rtl");
  });

  test("an override is one leading mark, replaced or removed", () => {
    expect(directionOverride(`${RLM}x`)).toBe("rtl");
    expect(directionOverride("x")).toBeNull();
    expect(withDirectionOverride("Hello", "rtl")).toBe(`${RLM}Hello`);
    expect(withDirectionOverride(`${RLM}Hello`, "ltr")).toBe(`${LRM}Hello`);
    expect(withDirectionOverride(`${LRM}Hello`, null)).toBe("Hello");
  });
});

describe("ZWNJ", () => {
  test("Shift+Space and Ctrl+Shift+2 type it, whatever the layout makes of 2", () => {
    expect(isZwnjShortcut(key({ key: " ", code: "Space", shiftKey: true }))).toBe(true);
    expect(isZwnjShortcut(key({ key: "@", code: "Digit2", shiftKey: true, ctrlKey: true }))).toBe(true);
    expect(isZwnjShortcut(key({ key: "٬", code: "Digit2", shiftKey: true, ctrlKey: true }))).toBe(true);
  });

  test("other keys do not", () => {
    expect(isZwnjShortcut(key({ key: " ", code: "Space" }))).toBe(false);
    expect(isZwnjShortcut(key({ key: " ", code: "Space", shiftKey: true, ctrlKey: true }))).toBe(false);
    expect(isZwnjShortcut(key({ key: "@", code: "Digit2", shiftKey: true }))).toBe(false);
    expect(isZwnjShortcut(key({ key: "2", code: "Digit2", ctrlKey: true }))).toBe(false);
    expect(isZwnjShortcut(key({ key: " ", code: "Space", shiftKey: true, metaKey: true }))).toBe(false);
  });

  test("it replaces the selection and the caret follows it", () => {
    expect(insertZwnj("میخواهم", 2, 2)).toEqual({ value: `می${ZWNJ}خواهم`, caret: 3 });
    expect(insertZwnj("کتاب ها", 4, 5)).toEqual({ value: `کتاب${ZWNJ}ها`, caret: 5 });
  });
});

describe("slugs from titles", () => {
  test.each([
    [`نیم${ZWNJ}فاصله در وب`, "نیم-فاصله-در-وب"],
    ["Building Daftar", "building-daftar"],
    ["Git: یک «آموزش» کوتاه!", "git-یک-آموزش-کوتاه"],
    ["سال ۱۴۰۵ و ٤ ماه", "سال-1405-و-4-ماه"],
    ["كتاب علي", "کتاب-علی"], // Arabic kaf and yeh fold to Persian
    ["مُحَمَّد", "محمد"], // diacritics go
    ["Café  crème -- déjà", "cafe-creme-deja"],
    ["کتـــاب", "کتاب"], // tatweel
    ["   ", ""],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  test("a slug is always a valid address segment", () => {
    for (const title of ["نیم‌فاصله", "C++ & C#", "😀 emoji", "a/b\\c", "Ünïcödé"]) {
      const slug = slugify(title);
      if (slug) expect(isPagePath(`/${slug}`)).toBe(true);
    }
    expect(slugify("x".repeat(200)).length).toBeLessThanOrEqual(80);
  });

  test("a post is suggested under its category", () => {
    expect(suggestedPath("درس‌های تازه", "notes")).toBe("/notes/درس-های-تازه");
    expect(suggestedPath("About", undefined)).toBe("/about");
  });
});

describe("pages and their files", () => {
  test("addresses map to files and back", () => {
    expect(fileOfPage("fa", "/")).toBe("content/fa/index.md");
    expect(fileOfPage("en", "/notes/x")).toBe("content/en/notes/x.md");
    expect(pageOfFile("content/en/notes/index.md")).toEqual({ locale: "en", path: "/notes" });
    expect(pageOfFile("content/fa/index.md")).toEqual({ locale: "fa", path: "/" });
    expect(pageOfFile("content/fa/نوشته-ها/تازه.md")).toEqual({ locale: "fa", path: "/نوشته-ها/تازه" });
    expect(pageOfFile("content/de/x.md")).toBeNull();
    expect(pageOfFile("content/fa/../x.md")).toBeNull();
    expect(pageOfFile("README.md")).toBeNull();
    expect(pageOfFile("content/fa/images/x.png")).toBeNull();
  });

  test("addresses other routes answer, or with odd characters, are refused", () => {
    expect(isPagePath("/notes/درس-ها")).toBe(true);
    expect(isPagePath("/tags")).toBe(true);
    expect(pagePathProblem("/manage/x")).toBe("reserved");
    expect(pagePathProblem("/en/x")).toBe("reserved");
    expect(pagePathProblem("/tags/x")).toBe("reserved");
    expect(pagePathProblem("/Notes")).toBe("characters");
    expect(pagePathProblem(`/نیم${ZWNJ}فاصله`)).toBe("characters");
    expect(pagePathProblem("/a b")).toBe("characters");
    expect(pagePathProblem("/a//b")).toBe("characters");
    expect(pagePathProblem("/a/b/c/d/e/f/g")).toBe("depth");
  });

  test("the editor's address names the page in its own language", () => {
    expect(editorPathOf("en", "/notes/x")).toBe("/manage/editor/en/notes/x");
    expect(editorPathOf("fa", "/")).toBe("/manage/editor/fa");
    expect(pageOfEditorPath("en/notes/x")).toEqual({ locale: "en", path: "/notes/x" });
    expect(pageOfEditorPath("fa")).toEqual({ locale: "fa", path: "/" });
    expect(pageOfEditorPath("de/x")).toBeNull();
    expect(pageOfEditorPath("en/manage")).toBeNull();
  });
});
