/**
 * Markdown examples as test data: the CommonMark specification's examples (read from the `commonmark-spec`
 * package, never copied here) and a set of GitHub-flavoured constructs and Persian text written for this site.
 */
import { createRequire } from "node:module";

export interface MarkdownExample {
  /** "spec 123" or "gfm table-align". */
  name: string;
  section: string;
  markdown: string;
  /** The specification's HTML (CommonMark examples only). */
  html?: string;
}

interface SpecTest {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

const require = createRequire(import.meta.url);

/** The 652 examples of the CommonMark specification, with its `→` written as the tab it stands for. */
export function commonMarkExamples(): MarkdownExample[] {
  const { tests } = require("commonmark-spec") as { tests: SpecTest[] };
  return tests.map((test) => ({
    name: `spec ${test.number}`,
    section: test.section,
    markdown: test.markdown.replace(/→/g, "\t"),
    html: test.html.replace(/→/g, "\t"),
  }));
}

const ZWNJ = "\u200C";

/** GitHub-flavoured constructs (tables, strikethrough, autolinks, task lists, footnotes) and Persian text. */
export const gfmExamples: MarkdownExample[] = [
  ["table", "| a | b |\n| --- | --- |\n| 1 | 2 |\n"],
  ["table-align", "| چپ | وسط | راست |\n| :--- | :---: | ---: |\n| ۱ | ۲ | ۳ |\n"],
  ["table-padded", "|  Name  | Value |\n|--------|------:|\n| `a\\|b` | **x** |\n| short |\n"],
  ["table-no-outer-pipes", "a | b\n-- | --\nc | d\n"],
  ["table-escaped-pipe", "| code | text |\n| --- | --- |\n| `x \\| y` | a \\| b |\n"],
  ["table-too-many-cells", "| a | b |\n| - | - |\n| 1 | 2 | 3 |\n"],
  ["table-then-paragraph", "| a |\n| - |\n| b |\nafter the table\n"],
  ["strike", "~~deleted~~ and ~single~ tilde\n"],
  ["strike-nested", "**bold ~~and struck~~** text\n"],
  ["autolink-www", "Visit www.example.com/path?q=1 today.\n"],
  ["autolink-https", "See https://example.com/a_(b) and http://x.org.\n"],
  ["autolink-email", "Write to someone@example.com or <other@example.com>.\n"],
  ["autolink-angle", "<https://example.com/متن>\n"],
  ["task-list", "- [ ] to do\n- [x] done\n"],
  ["task-list-nested", "- [x] parent\n  - [ ] child\n  - [x] other child\n"],
  ["task-list-mixed", "- [ ] a task\n- a plain item\n"],
  ["task-list-ordered", "1. [x] first\n2. [ ] second\n"],
  ["task-list-loose", "* [ ] one\n\n* [x] two\n"],
  ["footnote", "Text with a note.[^1]\n\n[^1]: The note, with *emphasis*.\n"],
  ["footnote-multi", "A[^a] and B[^b].\n\n[^a]: First.\n\n[^b]: Second\n\n    with a second paragraph.\n"],
  ["persian-zwnj", `می${ZWNJ}خواهم کتاب${ZWNJ}ها را بخوانم.\n`],
  ["persian-arabic-letters", "ي و ك عربی، ی و ک فارسی، ارقام ۱۲۳ و ٤٥٦.\n"],
  [
    "persian-mixed-direction",
    `این پاراگراف React Router 8 و \`code\` دارد، و نیم${ZWNJ}فاصله.\n\nEnglish with فارسی in the middle.\n`,
  ],
  ["persian-heading", `## سرفصل با نیم${ZWNJ}فاصله\n\nمتن زیر آن.\n`],
  ["persian-list", "1. اول\n2. دوم\n   - تو در تو\n\n> نقل‌قول فارسی\\\n> خط دوم\n"],
  ["persian-emphasis", "**پررنگ** و *کج* و _زیرخط_ و __پررنگ دیگر__.\n"],
  ["persian-link", '[پیوند فارسی](https://example.com/صفحه "عنوان با «گیومه»")\n'],
  ["persian-table", `| ستون | Column |\n| --- | --- |\n| خانه${ZWNJ}ها | 1 |\n`],
  ["persian-code", "```ts\nconst x = 'سلام';\n```\n"],
  ["persian-rlm", "\u200Fجمله‌ای با نشانه‌ی راست‌به‌چپ\n\n\u200Eleft-to-right mark first\n"],
  ["entities", "Price:&nbsp;10 &copy; 2026 &#1575; &#x627;\n"],
  ["linked-badge", "[![build](https://example.com/badge.svg)](https://example.com/ci)\n"],
  ["escaped-heading", "\\# not a heading\n\n2024\\. A year to remember\n"],
  ["link-with-spaces", '[notes](</files/my notes.pdf>) and [t](/u "a \\"quoted\\" title")\n'],
  ["emphasis-with-link", "*italic with [a *nested* link](/x)*\n"],
  ["code-span-backticks", "`` a `tick` inside ``\n"],
  [
    "table-html",
    "| key | value |\n| --- | --- |\n| <kbd>Ctrl</kbd>+<kbd>K</kbd> | ![icon](/i.png) [^n] |\n\n[^n]: Note.\n",
  ],
  ["table-reference", "| link |\n| --- |\n| [site][s] |\n\n[s]: https://example.com\n"],
  ["reference-image", '![logo][l] and ![Logo][]\n\n[l]: /logo.png "Logo"\n[logo]: /other.png\n'],
  ["item-starting-with-code", "- ```js\n  code\n  ```\n- # heading item\n- > quoted item\n"],
  ["nested-quote-list", "> - a\n>   > b\n> 1. c\n"],
  ["code-with-marks", "**`code`** and [`linked code`](/x) and ~~`struck`~~\n"],
  ["persian-footnote", "متن فارسی[^۱].\n\n[^۱]: پانوشت فارسی.\n"],
].map(([name, markdown]) => ({ name: `gfm ${name}`, section: "GFM and Persian", markdown: markdown! }));
