import { describe, expect, test } from "vitest";
import {
  ContentParseError,
  frontMatterSchema,
  parseContentFile,
  serializeContentFile,
  type FrontMatter,
} from "~/content/front-matter";

const ZWNJ = "\u200C";
const ZWJ = "\u200D";

function file(yaml: string, body = "متن\n"): string {
  return `---\n${yaml}\n---\n${body}`;
}

/** The ContentParseError thrown by `fn` (fails the test if none is thrown). */
function parseError(fn: () => unknown): ContentParseError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ContentParseError);
    return error as ContentParseError;
  }
  throw new Error("expected a ContentParseError");
}

describe("parseContentFile: valid front matter", () => {
  test("reads every field and drops unknown keys", () => {
    const { frontMatter, body } = parseContentFile(
      file(
        [
          'title: "درس‌هایی از تایپوگرافی"',
          "description: یک توضیح",
          "date: 2025-10-05",
          "category: notes",
          "tags:",
          "  - تایپوگرافی",
          "  - RTL",
          "thumbnail: /images/a.svg",
          "author: مریم احمدی",
          "toc: true",
          "comments: true",
          "draft: true",
          "intro: true",
          "layout: fancy",
          "password: hunter2",
        ].join("\n"),
      ),
    );
    expect(frontMatter).toEqual({
      title: `درس${ZWNJ}هایی از تایپوگرافی`,
      description: "یک توضیح",
      date: "2025-10-05",
      category: "notes",
      tags: ["تایپوگرافی", "RTL"],
      thumbnail: "/images/a.svg",
      author: "مریم احمدی",
      toc: true,
      comments: true,
      draft: true,
      intro: true,
    } satisfies FrontMatter);
    expect(frontMatter).not.toHaveProperty("layout");
    expect(frontMatter).not.toHaveProperty("password");
    expect(body).toBe("متن\n");
  });

  test("applies defaults", () => {
    const { frontMatter } = parseContentFile(file("title: فقط عنوان"));
    expect(frontMatter).toEqual({
      title: "فقط عنوان",
      description: "",
      tags: [],
      toc: false,
      comments: false,
      draft: false,
      intro: false,
    });
    expect(frontMatter.date).toBeUndefined();
    expect(frontMatter.category).toBeUndefined();
  });

  test("a category is any slug: the site's own categories are checked where a page is saved", () => {
    expect(parseContentFile("---\ntitle: x\ncategory: journal-2026\n---\n").frontMatter.category).toBe("journal-2026");
  });

  test("a key with no value counts as not set", () => {
    const { frontMatter } = parseContentFile(file("title: x\ndescription:\nthumbnail:\ntags:"));
    expect(frontMatter.description).toBe("");
    expect(frontMatter.thumbnail).toBeUndefined();
    expect(frontMatter.tags).toEqual([]);
  });

  test("a thumbnail is a path on this site or an http(s) address, never a script or another host's path", () => {
    for (const good of ["/images/a.svg", "https://cdn.example/a.png", "http://cdn.example/a.png"]) {
      expect(parseContentFile(file(`title: x\nthumbnail: "${good}"`)).frontMatter.thumbnail).toBe(good);
    }
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:image/svg+xml,<svg/>",
      "//evil.example/a.png",
      "/\\evil.example",
      "images/a b.png",
      "vbscript:x",
    ]) {
      expect(() => parseContentFile(file(`title: x\nthumbnail: '${bad}'`)), bad).toThrow(/thumbnail/);
    }
  });

  test("numbers in text fields are read as text (a book called 1984)", () => {
    const { frontMatter } = parseContentFile(file("title: 1984\ntags: [2024, orwell]"));
    expect(frontMatter.title).toBe("1984");
    expect(frontMatter.tags).toEqual(["2024", "orwell"]);
  });

  test("accepts CRLF line endings and a BOM, body kept byte for byte", () => {
    const source = "\uFEFF---\r\ntitle: x\r\n---\r\nخط اول\r\nخط دوم\r\n";
    const { frontMatter, body } = parseContentFile(source);
    expect(frontMatter.title).toBe("x");
    expect(body).toBe("خط اول\r\nخط دوم\r\n");
  });
});

describe("parseContentFile: body", () => {
  test("is returned unchanged, ZWNJ/ZWJ and later --- lines included", () => {
    const body = `\nمی${ZWNJ}خواهم کتاب${ZWNJ}ها را بخوانم.\n\n---\n\nپس از خط افقی، ${ZWJ}ه و  دو فاصله.  \n\n---\nnot front matter: true\n`;
    const parsed = parseContentFile(file("title: x", body));
    expect(parsed.body).toBe(body);
    expect(parsed.body.split(ZWNJ)).toHaveLength(3);
    expect(parsed.frontMatter).not.toHaveProperty("not front matter");
  });

  test("a file with only front matter has an empty body", () => {
    expect(parseContentFile("---\ntitle: x\n---").body).toBe("");
    expect(parseContentFile("---\ntitle: x\n---\n").body).toBe("");
  });
});

describe("date normalisation", () => {
  test.each([
    ["date: 2024-01-05", "2024-01-05"],
    ['date: "2024-01-05"', "2024-01-05"],
    ["date: 2024-01-05T23:30:00+03:30", "2024-01-05"],
    ["date: 2024-02-29", "2024-02-29"],
  ])("%s → %s", (line, expected) => {
    expect(parseContentFile(file(`title: x\n${line}`)).frontMatter.date).toBe(expected);
  });

  test("a Date (YAML 1.1 timestamp, or a caller's Date) becomes its UTC calendar date", () => {
    const viaSchema = frontMatterSchema.parse({ title: "x", date: new Date(Date.UTC(2024, 2, 9, 22, 0)) });
    expect(viaSchema.date).toBe("2024-03-09");
    expect(() => frontMatterSchema.parse({ title: "x", date: new Date(Number.NaN) })).toThrow();
  });

  test("a YAML directive inside front matter is rejected, not misread", () => {
    expect(() => parseContentFile("---\n%YAML 1.1\n---\ntitle: x\n")).toThrow(ContentParseError);
  });

  test.each(["2024-02-30", "2023-02-29", "2024-13-01", "05/01/2024", "2024-1-5", "yesterday"])(
    "rejects %s naming the field",
    (value) => {
      const error = parseError(() => parseContentFile(file(`title: x\ndate: "${value}"`)));
      expect(error.field).toBe("date");
      expect(error.message).toMatch(/"date"/);
      expect(error.message).toMatch(/YYYY-MM-DD/);
    },
  );
});

describe("parseContentFile: invalid front matter", () => {
  test.each([
    ["description: no title", "title", /"title" is required/],
    ['title: "   "', "title", /"title" must not be empty/],
    ["title: [a, b]", "title", /"title" must be a string/],
    ["title: x\ncategory: notes/old", "category", /"category" must be a category's slug/],
    ['title: x\ncategory: "two words"', "category", /"category" must be a category's slug/],
    ["title: x\ntags: react", "tags", /"tags" must be a list of strings/],
    ["title: x\ntags: [ok, {a: 1}]", "tags.1", /"tags\.1" must be a string/],
    ["title: x\ntoc: yes", "toc", /"toc" must be true or false/],
    ["title: x\ndraft: 1", "draft", /"draft" must be true or false/],
    ["title: x\ncomments: maybe", "comments", /"comments"/],
  ])("%j → field %s", (yaml, field, message) => {
    const error = parseError(() => parseContentFile(file(yaml)));
    expect(error.name).toBe("ContentParseError");
    expect(error.field).toBe(field);
    expect(error.message).toMatch(message);
    expect(error.message).toMatch(/^Invalid front matter/);
  });

  test("broken YAML", () => {
    const error = parseError(() => parseContentFile(file("title: [unclosed")));
    expect(error.message).toMatch(/not valid YAML/);
    expect(error.message).not.toContain("\n");
  });

  test("duplicate keys are rejected", () => {
    expect(() => parseContentFile(file("title: a\ntitle: b"))).toThrow(ContentParseError);
  });

  test("front matter that is not a mapping", () => {
    expect(parseError(() => parseContentFile(file("- a\n- b"))).message).toMatch(/key: value/);
    expect(parseError(() => parseContentFile(file("just text"))).message).toMatch(/key: value/);
  });

  test("missing or unterminated front matter", () => {
    expect(parseError(() => parseContentFile("# no front matter\n")).message).toMatch(/Missing front matter/);
    expect(parseError(() => parseContentFile("---\ntitle: x\n")).message).toMatch(/Missing front matter/);
    expect(parseError(() => parseContentFile("text\n---\ntitle: x\n---\n")).message).toMatch(/Missing front matter/);
    // An empty block parses, but then title is missing.
    expect(parseError(() => parseContentFile("---\n---\nbody")).field).toBe("title");
  });
});

describe("serializeContentFile", () => {
  const body = `\nمی${ZWNJ}خواهم ${ZWJ}ه «کتاب${ZWNJ}ها».\n\n---\n\n\`\`\`ts\nconst a = 1;\n\`\`\`\n`;

  test("round-trips with parseContentFile, ZWNJ body included", () => {
    const frontMatter = {
      title: `نیم${ZWNJ}فاصله: "راهنما" و # نکته`,
      description: "yes",
      date: "2025-01-31",
      category: "tuts",
      tags: ["1984", "true", "a: b", `کتاب${ZWNJ}ها`],
      thumbnail: "/images/x.png",
      author: "- dash",
      toc: true,
      comments: false,
      draft: true,
      intro: false,
    } satisfies FrontMatter;
    const source = serializeContentFile(frontMatter, body);
    expect(source.startsWith("---\n")).toBe(true);
    const parsed = parseContentFile(source);
    expect(parsed.frontMatter).toEqual(frontMatter);
    expect(parsed.body).toBe(body);
    // Serialising again gives the same file (stable for the editor's diffs).
    expect(serializeContentFile(parsed.frontMatter, parsed.body)).toBe(source);
  });

  test("writes a tidy file: canonical key order, defaults left out", () => {
    const source = serializeContentFile({ tags: ["a"], title: "عنوان", toc: true }, "x\n");
    expect(source).toBe("---\ntitle: عنوان\ntags:\n  - a\ntoc: true\n---\nx\n");
    expect(parseContentFile(source).frontMatter).toEqual(
      frontMatterSchema.parse({ title: "عنوان", tags: ["a"], toc: true }),
    );
  });

  test("round-trips a real-looking file", () => {
    const original = file(
      'title: "درس‌هایی از تایپوگرافی"\ndate: 2025-10-05\ncategory: notes\ntags:\n  - RTL\ncomments: true',
      body,
    );
    const parsed = parseContentFile(original);
    const again = parseContentFile(serializeContentFile(parsed.frontMatter, parsed.body));
    expect(again).toEqual(parsed);
  });

  test("refuses invalid front matter", () => {
    const error = parseError(() => serializeContentFile({ title: "x", date: "31/01/2025" }, ""));
    expect(error.field).toBe("date");
    expect(() => serializeContentFile({ title: "" }, "")).toThrow(ContentParseError);
  });
});
