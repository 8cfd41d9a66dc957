/**
 * The limits on what markdown the site renders (app/content/markdown/limits.ts): degenerate shapes are refused
 * before parsing, naming the line; real writing is not; and no way of laying a paragraph out hides its marks
 * from the count (a paragraph may be counted with its neighbours, never split).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { markdownLimitProblem, MAX_NESTING, MAX_PARAGRAPH_MARKS } from "~/content/markdown/limits";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";

const root = path.resolve(import.meta.dirname, "../..");

function markdownFiles(dir: string, depth = 0): string[] {
  if (depth > 6) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full, depth + 1);
    return entry.isFile() && entry.name.toLowerCase().endsWith(".md") ? [full] : [];
  });
}

describe("degenerate shapes are refused before parsing, naming where", () => {
  test.each([
    ["brackets", "[".repeat(20_000) + "]".repeat(20_000)],
    ["images", "![".repeat(5_000) + "]".repeat(5_000)],
    ["unclosed links", "[a](".repeat(5_000)],
    ["emphasis", "*a_".repeat(5_000)],
    ["a run of stars", "*".repeat(5_000) + "a" + "*".repeat(5_000)],
    ["strikethrough", "~a".repeat(5_000)],
    ["footnote calls", "[^a]".repeat(5_000)],
  ])("%s in one paragraph", (_, markdown) => {
    expect(markdownLimitProblem(`Intro.\n\n${markdown}`)).toEqual({
      key: "content.markdown.tooDense",
      vars: { line: 3, max: MAX_PARAGRAPH_MARKS },
    });
  });

  test.each([
    ["block quotes", "> ".repeat(40) + "a"],
    ["list items on one line", "- ".repeat(40) + "a"],
    ["numbered items on one line", "1. ".repeat(40) + "a"],
    ["lists nested by indentation", Array.from({ length: 40 }, (_, i) => " ".repeat(2 * i) + "- a").join("\n")],
    ["quotes and lists mixed", Array.from({ length: 20 }, () => "> -").join(" ") + " a"],
    ["quotes inside an indented list", "- a\n" + "  > ".repeat(20) + "b"],
  ])("%s nested deeper than the limit", (_, markdown) => {
    const problem = markdownLimitProblem(`Intro.\n\n${markdown}`);
    expect(problem?.key).toBe("content.markdown.tooDeep");
    expect(problem?.vars).toMatchObject({ max: MAX_NESTING });
    expect(problem?.vars.line).toBeGreaterThanOrEqual(3);
  });

  test("many paragraphs each under the limit, together past what the parser does in time", () => {
    const paragraph = "*a_".repeat(600);
    const problem = markdownLimitProblem(Array.from({ length: 15 }, () => paragraph).join("\n\n"));
    expect(problem).toEqual({ key: "content.markdown.tooDenseOverall", vars: { line: 1, count: 1200 } });
  });
});

describe("no layout hides a paragraph's marks", () => {
  const dense = "*a_".repeat(300); // 900 marks a line
  const lines = (separator: string) => Array.from({ length: 4 }, () => dense).join(separator);

  test.each([
    ["plain lines", "\n"],
    ["numbered lines that cannot start a list here", "\n2. "],
    ["markers indented as continuation text", "\n    - "],
    ["tab-indented markers", "\n\t- "],
    ["lazy lines after a quote", "\n> "],
  ])("%s", (_, separator) => {
    expect(markdownLimitProblem(lines(separator))?.key).toBe("content.markdown.tooDense");
  });

  test("a fence does not hide the paragraphs after it", () => {
    expect(markdownLimitProblem("```\ncode\n```\n\n" + lines("\n"))?.key).toBe("content.markdown.tooDense");
    expect(markdownLimitProblem("<!--\n\n```\n-->\n" + lines("\n"))?.key).toBe("content.markdown.tooDense");
  });

  test("escaped marks are text and do not count", () => {
    expect(markdownLimitProblem("\\*a\\_".repeat(2_000))).toBeNull();
    expect(markdownLimitProblem("\\\\*a".repeat(2_001))?.key).toBe("content.markdown.tooDense");
  });
});

describe("real writing is within the limits", () => {
  test("the site's own pages and every README and changelog in node_modules", () => {
    const files = [...markdownFiles(path.join(root, "content")), ...markdownFiles(path.join(root, "node_modules"))];
    expect(files.length).toBeGreaterThan(100);
    const refused = files
      .map((file) => ({ file, problem: markdownLimitProblem(readFileSync(file, "utf8").slice(0, 400_000)) }))
      .filter(({ problem }) => problem !== null);
    expect(refused).toEqual([]);
  });

  test("a long list of items full of links and a table are counted row by row", () => {
    const changelog = Array.from({ length: 2_000 }, (_, i) => `- [\`${i}\`](https://x.test/${i}) **fix**: *a* _b_`);
    expect(markdownLimitProblem(changelog.join("\n"))).toBeNull();
    const nested = Array.from({ length: MAX_NESTING }, (_, i) => " ".repeat(2 * i) + "- item").join("\n");
    expect(markdownLimitProblem(nested)).toBeNull();
  });
});

describe("the worst text within the limits renders in time", () => {
  test.each([
    ["brackets", "[".repeat(1_000) + "]".repeat(1_000)],
    ["nested links", "[".repeat(1_000) + "a" + "](b)".repeat(1_000)],
    ["emphasis", "*a_".repeat(1_000)],
    ["strikethrough", "~a".repeat(2_000)],
  ])(
    "%s: five paragraphs at the limit",
    async (_, paragraph) => {
      const markdown = Array.from({ length: 5 }, () => paragraph).join("\n\n");
      expect(markdownLimitProblem(markdown)).toBeNull();
      // Rendered, not refused: about 1.5 s of CPU on a busy 2-core machine, where a text this long may use 5.5 s.
      const rendered = await renderMarkdown(markdown, { locale: "en" });
      expect(rendered.html.length).toBeGreaterThan(markdown.length / 2);
    },
    30_000,
  );
});
