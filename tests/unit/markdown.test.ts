import { beforeAll, describe, expect, test } from "vitest";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderMarkdown, type RenderMarkdownOptions } from "~/content/markdown/render-markdown.server";
import { fromHtml } from "hast-util-from-html";
import rehypeSanitize from "rehype-sanitize";
import { unified } from "unified";
import { sanitizeSchema } from "~/content/markdown/sanitize-schema";
import { elements, textOf } from "../helpers/html";

const ZWNJ = "\u200C";
const ZWJ = "\u200D";

const fa: RenderMarkdownOptions = { locale: "fa" };
const en: RenderMarkdownOptions = { locale: "en" };

const html = async (md: string, opts: RenderMarkdownOptions = fa) => (await renderMarkdown(md, opts)).html;

/** The first element `<tag …>…</tag>` (non-nested) in `source`. */
function element(source: string, tag: string): string {
  const match = new RegExp(`<${tag}\\b[^>]*>[\\s\\S]*?</${tag}>`).exec(source);
  if (!match) throw new Error(`no <${tag}> in ${source}`);
  return match[0];
}

beforeAll(async () => {
  // Creating the shiki highlighter takes a while once; every test after shares it.
  await getHighlighter();
});

describe("ZWNJ and ZWJ", () => {
  const md = [
    `می${ZWNJ}خواهم کتاب${ZWNJ}ها را بخوانم و ${ZWJ}ه را هم.`,
    "",
    `## نیم${ZWNJ}فاصله در عنوان`,
    "",
    `### زیر${ZWNJ}بخش`,
    "",
    `متن بخش با نیم${ZWNJ}فاصله.`,
  ].join("\n");

  test("survive in paragraphs and headings", async () => {
    const out = await html(md);
    expect(out).toContain(`<p dir="auto">می${ZWNJ}خواهم کتاب${ZWNJ}ها را بخوانم و ${ZWJ}ه را هم.</p>`);
    expect(out).toContain(`>نیم${ZWNJ}فاصله در عنوان<a`);
    expect(out).toContain(`>زیر${ZWNJ}بخش<a`);
  });

  test("survive in TOC, sections and text; ids turn ZWNJ into '-'", async () => {
    const r = await renderMarkdown(md, fa);
    expect(r.toc).toEqual([
      {
        id: "نیم-فاصله-در-عنوان",
        text: `نیم${ZWNJ}فاصله در عنوان`,
        depth: 2,
        children: [{ id: "زیر-بخش", text: `زیر${ZWNJ}بخش`, depth: 3, children: [] }],
      },
    ]);
    expect(r.sections.map((s) => s.heading)).toEqual(["", `نیم${ZWNJ}فاصله در عنوان`, `زیر${ZWNJ}بخش`]);
    expect(r.sections[0]!.text).toBe(`می${ZWNJ}خواهم کتاب${ZWNJ}ها را بخوانم و ${ZWJ}ه را هم.`);
    expect(r.sections[2]!.text).toBe(`متن بخش با نیم${ZWNJ}فاصله.`);
    expect(r.text.split(ZWNJ)).toHaveLength(6);
    expect(r.text).toContain(ZWJ);
  });
});

describe("direction", () => {
  test("leaf blocks get dir=auto", async () => {
    const out = await html("# عنوان\n\nپاراگراف\n\n- مورد\n\n> نقل\n\n| ستون |\n|---|\n| خانه |\n");
    for (const tag of ["h1", "p", "li", "th", "td"]) {
      expect(out, tag).toMatch(new RegExp(`<${tag}\\b[^>]*dir="auto"`));
    }
    expect(await html("<details><summary>خلاصه</summary>متن</details>")).toContain(
      '<summary dir="auto">خلاصه</summary>',
    );
  });

  test("fa: a Latin run inside Persian is wrapped in <bdi>, trailing number included", async () => {
    const out = await html("من از React Router 8 (نسخه جدید) استفاده می‌کنم.");
    expect(out).toBe('<p dir="auto">من از <bdi>React Router 8</bdi> (نسخه جدید) استفاده می‌کنم.</p>');
  });

  test("fa: runs begin and end at words; sentence punctuation stays outside", async () => {
    const out = await html("React یک کتابخانه است؛ از C++ و .NET 8 و ES2024 و Node 24.1 استفاده کنید، یا React.");
    expect(out).toContain("<bdi>React</bdi> یک کتابخانه");
    expect(out).toContain("از <bdi>C++</bdi> و <bdi>.NET 8</bdi> و <bdi>ES2024</bdi> و <bdi>Node 24.1</bdi> استفاده");
    expect(out).toContain("یا <bdi>React</bdi>.</p>");
  });

  test("fa: never splits a word written across scripts; ZWNJ untouched", async () => {
    const out = await html(`فهرست APIها و API${ZWNJ}ها را ببینید.`);
    expect(out).toBe(`<p dir="auto">فهرست APIها و API${ZWNJ}ها را ببینید.</p>`);
  });

  test("fa: a run may cross inline elements and include inline code", async () => {
    const out = await html("از **React Router** و `useState` hook در [Vue.js](/vue) استفاده کن.");
    expect(out).toContain("از <bdi><strong>React Router</strong></bdi> و");
    expect(out).toContain('<bdi><code dir="ltr" data-short="">useState</code> hook</bdi>');
    expect(out).toContain('<bdi><a href="/vue">Vue.js</a></bdi>');
  });

  test("fa: nothing is inserted inside code, pre or kbd; lone inline code is not wrapped", async () => {
    const out = await html("کلید <kbd>Ctrl C</kbd> و `npm install` را بزنید.\n\n```\nسلام React world\n```\n");
    expect(element(out, "kbd")).toBe("<kbd>Ctrl C</kbd>");
    expect(out).toContain('و <code dir="ltr" data-short="">npm install</code> را');
    expect(element(out, "pre")).not.toContain("<bdi>");
  });

  test("en: Persian words inside English are wrapped", async () => {
    const out = await html(`The word کتاب${ZWNJ}خوانی means reading, see «دفتر» and نسخه 8.`, en);
    expect(out).toBe(
      `<p dir="auto">The word <bdi>کتاب${ZWNJ}خوانی</bdi> means reading, see «<bdi>دفتر</bdi>» and <bdi>نسخه 8</bdi>.</p>`,
    );
  });

  test("en: pure English has no <bdi>; fa: pure Persian has none either", async () => {
    expect(await html("Plain English, version 2.", en)).not.toContain("<bdi>");
    expect(await html("متن کاملاً فارسی با عدد ۱۲.", fa)).not.toContain("<bdi>");
  });

  test("fa: an English paragraph keeps its direction and isolates its Persian word", async () => {
    const out = await html("This whole paragraph is English with one فارسی word.", fa);
    expect(out).toBe('<p dir="auto">This whole paragraph is English with one <bdi>فارسی</bdi> word.</p>');
  });
});

/** The `dir` of every <tag> in `out`, in document order. */
const dirs = (out: string, tag: string) => elements(out, tag).map((node) => node.properties.dir);

describe("direction of containers", () => {
  test("fa: a quote of Persian paragraphs is rtl; its paragraphs stay dir=auto", async () => {
    const out = await html("> تایپوگرافی خوب دیده نمی‌شود.\n>\n> تنها وقتی متوجهش می‌شوید که نباشد.");
    expect(dirs(out, "blockquote")).toEqual(["rtl"]);
    expect(dirs(out, "p")).toEqual(["auto", "auto"]);
  });

  test("an English quote in a Persian page is ltr; a Persian quote in an English page is rtl", async () => {
    expect(dirs(await html("> Good typography is invisible.", fa), "blockquote")).toEqual(["ltr"]);
    expect(dirs(await html("> تایپوگرافی خوب دیده نمی‌شود.", en), "blockquote")).toEqual(["rtl"]);
  });

  test("a container reads as its first block with letters reads, not as its first letter", async () => {
    // The first paragraph has digits only; the second starts with a Latin word but is Persian, and that word
    // is isolated, so the paragraph reads right to left: the quote must too, in either page.
    const md = "> ۱۲۳\n>\n> React کتابخانه‌ای برای ساختن رابط کاربری است.";
    for (const opts of [fa, en]) {
      const out = await html(md, opts);
      expect(dirs(out, "blockquote"), opts.locale).toEqual(["rtl"]);
      expect(out, opts.locale).toContain("<bdi>React</bdi> کتابخانه‌ای");
    }
  });

  test("nested lists: each list, and each item holding blocks, gets its own content's direction", async () => {
    const out = await html("- اول\n  - English item\n  - another one\n- دوم\n\n1. first\n2. second\n");
    expect(dirs(out, "ul")).toEqual(["rtl", "ltr"]);
    expect(dirs(out, "ol")).toEqual(["ltr"]);
    // The first item holds a list: it gets a direction; items of text only stay dir=auto.
    expect(dirs(out, "li")).toEqual(["rtl", "auto", "auto", "auto", "auto", "auto"]);

    const loose = await html("- پاراگراف اول\n\n  پاراگراف دوم\n\n- مورد دوم\n");
    expect(dirs(loose, "ul")).toEqual(["rtl"]);
    expect(dirs(loose, "li")).toEqual(["rtl", "rtl"]);
    expect(dirs(loose, "p")).toEqual(["auto", "auto", "auto"]);

    const english = await html("- First paragraph\n\n  second one\n\n- Item\n", fa);
    expect(dirs(english, "ul")).toEqual(["ltr"]);
    expect(dirs(english, "li")).toEqual(["ltr", "ltr"]);
  });

  test("fa: cells without letters take the table's direction; cells with letters keep dir=auto", async () => {
    const out = await html("| نام | تعداد | قیمت |\n|---|---|---|\n| کتاب | ۱۲۳ | 1,234 |\n| دفتر |  | `U+06CC` |\n");
    expect(dirs(out, "table")).toEqual(["rtl"]);
    expect([...dirs(out, "thead"), ...dirs(out, "tbody"), ...dirs(out, "tr")]).toEqual([
      "rtl",
      "rtl",
      "rtl",
      "rtl",
      "rtl",
    ]);
    expect(dirs(out, "th")).toEqual(["auto", "auto", "auto"]);
    expect(elements(out, "td").map((td) => [textOf(td), td.properties.dir])).toEqual([
      ["کتاب", "auto"],
      ["۱۲۳", "rtl"],
      ["1,234", "rtl"],
      ["دفتر", "auto"],
      ["", "rtl"],
      ["U+06CC", "rtl"],
    ]);
  });

  test("fa: an English table is ltr, and so are its number cells", async () => {
    const out = await html("| Name | Count |\n|---|---|\n| Book | ۱۲ |\n| Notebook | 7 |\n", fa);
    expect(dirs(out, "table")).toEqual(["ltr"]);
    expect(dirs(out, "tr")).toEqual(["ltr", "ltr", "ltr"]);
    expect(dirs(out, "td")).toEqual(["auto", "ltr", "auto", "ltr"]);
  });

  test("a table keeps its page's direction unless the other direction's letters outnumber its own two to one", async () => {
    // Its first letter is Latin, yet the table is Persian: its columns run right to left.
    const persian = await html("| API | توضیح |\n|---|---|\n| fetch | درخواستی به سرور می‌فرستد |\n", fa);
    expect(dirs(persian, "table")).toEqual(["rtl"]);
    const english = await html("| API | توضیح |\n|---|---|\n| fetch | درخواستی به سرور می‌فرستد |\n", en);
    expect(dirs(english, "table")).toEqual(["rtl"]);
    const mostlyEnglish = await html("| Name | نام |\n|---|---|\n| The first record of the list | یک |\n", fa);
    expect(dirs(mostlyEnglish, "table")).toEqual(["ltr"]);
  });

  test("a container without letters takes the page's direction", async () => {
    for (const [opts, dir] of [
      [fa, "rtl"],
      [en, "ltr"],
    ] as const) {
      expect(dirs(await html(">", opts), "blockquote"), opts.locale).toEqual([dir]);
      expect(dirs(await html("-\n", opts), "ul"), opts.locale).toEqual([dir]);
      expect(dirs(await html("1. ۱۲۳\n2. 456\n", opts), "ol"), opts.locale).toEqual([dir]);
      expect(dirs(await html("| ۱ | ۲ |\n|---|---|\n| 3 | |\n", opts), "td"), opts.locale).toEqual([dir, dir]);
    }
  });

  test("a quote of code only takes the page's direction; the code stays ltr", async () => {
    for (const [opts, dir] of [
      [fa, "rtl"],
      [en, "ltr"],
    ] as const) {
      const inline = await html("> `npm install`", opts);
      expect(dirs(inline, "blockquote"), opts.locale).toEqual([dir]);
      expect(dirs(inline, "code")).toEqual(["ltr"]);
      const block = await html("> ```sh\n> npm install react\n> ```", opts);
      expect(dirs(block, "blockquote"), opts.locale).toEqual([dir]);
      expect(dirs(block, "pre")).toEqual(["ltr"]);
    }
  });

  test("details, definition lists and figures get their content's direction; their captions stay dir=auto", async () => {
    const details = await html("<details><summary>Read more</summary>\n\nمتن بیشتر\n\n</details>", fa);
    expect(dirs(details, "details")).toEqual(["ltr"]);
    expect(dirs(details, "summary")).toEqual(["auto"]);
    const list = await html("<dl><dt>واژه</dt><dd>معنی واژه</dd></dl>", en);
    expect(dirs(list, "dl")).toEqual(["rtl"]);
    expect([...dirs(list, "dt"), ...dirs(list, "dd")]).toEqual(["auto", "auto"]);
    const figure = await html('<figure><img src="/a.png" alt="نمودار"><figcaption>A chart</figcaption></figure>', fa);
    expect(dirs(figure, "figure")).toEqual(["ltr"]);
    expect(dirs(figure, "figcaption")).toEqual(["auto"]);
  });

  test("runs are isolated against the direction a block is given", async () => {
    // An item holding a list reads as its own text does; the Latin words in it are isolated against that.
    const item = await html("- فهرست کتابخانه‌های خوب و کوچک React Router 8 برای ساختن وب\n  - مورد\n", en);
    expect(dirs(item, "li")[0]).toBe("rtl");
    expect(item).toContain("کوچک <bdi>React Router 8</bdi> برای");
    // A direction the writer gave is kept, and the runs against it are the ones isolated.
    const given = await html(
      '<p dir="rtl">Hello world سلام</p>\n\n<blockquote dir="ltr">سلام دنیا and more words</blockquote>',
      en,
    );
    expect(given).toContain('<p dir="rtl"><bdi>Hello world</bdi> سلام</p>');
    expect(given).toContain('<blockquote dir="ltr"><bdi>سلام دنیا</bdi> and more words</blockquote>');
  });
});

describe("code", () => {
  const md =
    "متن\n\n```ts\nconst x: number = 1;\n```\n\n```foobar\n<b>hi</b> & <script>x</script>\n```\n\nو `inline` کد.";

  test("known language: shiki, dual theme CSS variables, dir=ltr, data-language", async () => {
    const pre = element(await html(md), "pre");
    expect(pre).toMatch(/^<pre class="shiki shiki-themes github-light github-dark-default"/);
    expect(pre).toContain('dir="ltr"');
    expect(pre).toContain('data-language="ts"');
    expect(pre).toMatch(/<span style="--shiki-light:#[0-9A-Fa-f]+;--shiki-dark:#[0-9A-Fa-f]+">const<\/span>/);
    expect(pre).toContain("--shiki-dark-bg:");
    // defaultColor: false → no hard-coded colour, CSS chooses light or dark.
    expect(pre).not.toMatch(/[;"]color:/);
  });

  test("colours depend on the code only: a very long line is shown uncoloured, the lines around it coloured", async () => {
    const long = `const s = "${"x".repeat(3_000)}";`;
    const source = `\`\`\`ts\nconst a = 1;\n${long}\nconst b = 2;\n\`\`\``;
    const pre = element(await html(source), "pre");
    // Shiki writes one line of code per line of HTML.
    const lines = pre.split("\n");
    expect(lines).toHaveLength(3);
    const tokens = (line: string) => (line.match(/<span\b/g) ?? []).length - 1;
    expect(tokens(lines[0]!)).toBeGreaterThan(1);
    expect(tokens(lines[1]!)).toBe(1);
    expect(tokens(lines[2]!)).toBeGreaterThan(1);
    expect(element(await html(source), "pre")).toBe(pre);
  });

  test("a code block's empty first lines are kept", async () => {
    const pre = elements(await html("```\n\n\nfirst text\n```"), "pre")[0]!;
    expect(textOf(pre)).toBe("\n\nfirst text");
  });

  test("unknown language: plain, escaped, still ltr with its language label", async () => {
    const out = await html(md);
    const pre = [...out.matchAll(/<pre\b[\s\S]*?<\/pre>/g)][1]![0];
    expect(pre).toContain('dir="ltr"');
    expect(pre).toContain('data-language="foobar"');
    expect(pre).toContain("&#x3C;b>hi&#x3C;/b> &#x26; &#x3C;script>x&#x3C;/script>");
    expect(pre).not.toMatch(/<b>|<script/);
    expect(pre).not.toContain("--shiki-light:#D73A49");
  });

  test("fence without language and raw <pre> are ltr plaintext", async () => {
    const out = await html("```\nplain\n```\n\n<pre>raw</pre>");
    const pres = [...out.matchAll(/<pre\b[^>]*>/g)].map((m) => m[0]);
    expect(pres).toHaveLength(2);
    for (const pre of pres) {
      expect(pre).toContain('dir="ltr"');
      expect(pre).toContain('data-language="plaintext"');
    }
  });

  test("inline code gets dir=ltr", async () => {
    expect(await html(md)).toContain('<code dir="ltr" data-short="">inline</code>');
  });

  test("short inline code is marked to stay on one line; a long span may wrap", async () => {
    const long = "git log --oneline --graph --decorate --all";
    const out = await html(`بخش \`git bisect\` و \`${long}\` را ببینید.`);
    expect(out).toContain('<code dir="ltr" data-short="">git bisect</code>');
    expect(out).toContain(`<code dir="ltr">${long}</code>`);
  });

  test("one highlighter per process", async () => {
    expect(await getHighlighter()).toBe(await getHighlighter());
  });
});

describe("sanitising", () => {
  test("script, event handlers, javascript: URLs, iframe and style are removed", async () => {
    const out = await html(
      [
        "<script>alert(1)</script>",
        "",
        "<img src=x onerror=alert(1)>",
        "",
        '[x](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">y</a> <a href="java&#x09;script:alert(3)">z</a>',
        "",
        '<iframe src="https://evil.example/"></iframe>',
        "",
        "<style>body { display: none }</style>",
        "",
        '<p onclick="alert(4)" style="color:red" class="heading-anchor">متن</p>',
      ].join("\n"),
    );
    expect(out).not.toMatch(/<script|alert\(1\)|onerror|onclick|javascript:|iframe|<style|display: none|color:red/i);
    expect(out).not.toContain("heading-anchor");
    expect(out).toContain('<img src="x"');
    expect(out).toContain("<a>x</a>");
  });

  test("harmless tags survive", async () => {
    const out = await html(
      "<kbd>Ctrl</kbd> x<sup>2</sup> H<sub>2</sub>O <mark>m</mark>\n\n<details><summary>بیشتر</summary>\n\nمتن پنهان\n\n</details>",
    );
    expect(out).toContain("<kbd>Ctrl</kbd>");
    expect(out).toContain("<sup>2</sup>");
    expect(out).toContain("<sub>2</sub>");
    expect(out).toContain("<mark>m</mark>");
    expect(out).toMatch(/<details dir="rtl"><summary dir="auto">بیشتر<\/summary>[\s\S]*متن پنهان[\s\S]*<\/details>/);
  });

  test("the schema allows every direction the renderer writes", async () => {
    const out = await html(
      "> نقل\n\n- اول\n  - English\n\n| نام | ۱ |\n|---|---|\n| x | 2 |\n\n" +
        "<details><summary>بیشتر</summary>\n\nمتن\n\n</details>\n\n<dl><dt>واژه</dt><dd>معنی</dd></dl>\n\n" +
        '<figure><img src="/a.png" alt=""><figcaption>زیرنویس</figcaption></figure>\n\n`code`',
    );
    const again = unified()
      .use(rehypeSanitize, sanitizeSchema)
      .runSync(fromHtml(out, { fragment: true }));
    const tags = ["blockquote", "ul", "li", "table", "thead", "tbody", "tr", "th", "td", "details", "summary"];
    for (const tag of [...tags, "dl", "dt", "dd", "figure", "figcaption", "p", "code"]) {
      const written = dirs(out, tag);
      expect(written.length, tag).toBeGreaterThan(0);
      expect(
        elements(again, tag).map((node) => node.properties.dir),
        tag,
      ).toEqual(written);
    }
  });

  test("ids written in raw HTML are prefixed, and links to them follow", async () => {
    const out = await html('<span id="target">هدف</span>\n\n[برو](#target)');
    expect(out).toContain('id="user-content-target"');
    expect(out).toContain('href="#user-content-target"');
  });
});

describe("GitHub-flavoured markdown", () => {
  test("table", async () => {
    const out = await html("| نام | مقدار |\n|:---|---:|\n| الف | ۱ |\n| ب | ۲ |\n");
    expect(out).toContain('<table dir="rtl">');
    expect(out).toMatch(/<th align="left" dir="auto">نام<\/th>/);
    expect(out).toMatch(/<td align="right" dir="rtl">۲<\/td>/);
  });

  test("task list, strikethrough, autolink", async () => {
    const out = await html("- [x] انجام شد\n- [ ] مانده\n\n~~حذف~~ و www.example.com");
    expect(out).toContain('<ul class="contains-task-list" dir="rtl">');
    expect(out).toContain('<input type="checkbox" checked disabled> انجام شد');
    expect(out).toContain('<input type="checkbox" disabled> مانده');
    expect(out).toContain("<del>حذف</del>");
    expect(out).toMatch(/<a href="http:\/\/www\.example\.com"[^>]*>www\.example\.com<\/a>/);
  });

  test("footnotes link both ways, with Persian labels in fa", async () => {
    const out = await html("جمله[^1].\n\n[^1]: توضیح.");
    const ref = /<a href="#([^"]+)" id="([^"]+)" data-footnote-ref/.exec(out);
    expect(ref).not.toBeNull();
    expect(out).toContain(`<li id="${ref![1]}"`);
    expect(out).toContain(`href="#${ref![2]}" data-footnote-backref`);
    expect(out).toContain("پانوشت‌ها</h2>");
    const r = await renderMarkdown("جمله[^1].\n\n[^1]: توضیح.", fa);
    expect(r.toc).toEqual([]);
    expect(r.text).toBe("جمله.\nتوضیح.");
  });
});

describe("the body is CommonMark", () => {
  test("a body that begins with `---` keeps its text: a rule and a heading's underline, never front matter", async () => {
    const out = await html("---\nFoo\n---\nBar\n---\nBaz");
    expect(elements(out, "hr")).toHaveLength(1);
    expect(elements(out, "h2").map(textOf)).toEqual(["Foo#", "Bar#"]);
    expect(textOf(elements(out, "p")[0]!)).toBe("Baz");
    expect(elements(await html("---\ntitle: x\n---"), "h2").map(textOf)).toEqual(["title: x#"]);
  });
});

describe("headings", () => {
  test("TOC has two levels: h2 entries with nested h3; other levels ignored", async () => {
    const r = await renderMarkdown(
      "# عنوان اصلی\n\n## یک\n\n### یک-الف\n\n#### ریز\n\n### یک-ب\n\n## دو `code`\n\n### دو-الف",
      fa,
    );
    expect(r.toc.map((e) => [e.text, e.depth, e.children.map((c) => [c.text, c.depth])])).toEqual([
      [
        "یک",
        2,
        [
          ["یک-الف", 3],
          ["یک-ب", 3],
        ],
      ],
      ["دو code", 2, [["دو-الف", 3]]],
    ]);
    expect(r.toc.flatMap((e) => [e.text, ...e.children.map((c) => c.text)]).join("")).not.toContain("#");
  });

  test("Persian ids are readable, unique and deterministic", async () => {
    const md = "## مقدمه\n\n## مقدمه\n\n### مقدمه\n\n## آموزش React Router ۸\n\n## سؤال‌ها: چرا؟";
    const r = await renderMarkdown(md, fa);
    const ids = r.toc.flatMap((e) => [e.id, ...e.children.map((c) => c.id)]);
    expect(ids).toEqual(["مقدمه", "مقدمه-1", "مقدمه-2", "آموزش-react-router-۸", "سؤال-ها-چرا"]);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await renderMarkdown(md, fa)).html).toBe(r.html);
  });

  test("each heading gets an appended, labelled '#' anchor link", async () => {
    const out = await html("## نصب", fa);
    expect(out).toBe(
      '<h2 id="نصب" dir="auto">نصب<a class="heading-anchor" aria-label="پیوند به بخش «نصب»" href="#نصب"><span aria-hidden="true">#</span></a></h2>',
    );
    expect(await html("## Install", en)).toContain('aria-label="Link to section “Install”" href="#install"');
  });
});

describe("images and links", () => {
  test("images are lazy, and sized when their size is given (by the address decoded)", async () => {
    const out = await html("![نمودار](/images/%D9%86%D9%85%D9%88%D8%AF%D8%A7%D8%B1.png)\n\n![x](/images/unknown.png)", {
      locale: "fa",
      imageSizes: new Map([["/images/نمودار.png", { width: 800, height: 450 }]]),
    });
    const [sized, unsized] = [...out.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(sized).toContain('loading="lazy"');
    expect(sized).toContain('decoding="async"');
    expect(sized).toContain('width="800" height="450"');
    expect(unsized).toContain('loading="lazy"');
    expect(unsized).not.toContain("width=");
  });

  test("external links open in a new tab with rel=noopener noreferrer", async () => {
    const out = await html(
      "[بیرون](https://example.org/x) [درون](/notes/a) [لنگر](#a) [ایمیل](mailto:a@b.c) [خودی](https://daftar.test/x)",
      { locale: "fa", siteOrigin: "https://daftar.test" },
    );
    expect(out).toContain('<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">بیرون</a>');
    expect(out).toContain('<a href="/notes/a">درون</a>');
    expect(out).toContain('<a href="#a">لنگر</a>');
    expect(out).toContain('<a href="mailto:a@b.c">ایمیل</a>');
    expect(out).toContain('<a href="https://daftar.test/x">خودی</a>');
  });
});

describe("sections, text and reading time", () => {
  test("sections split at h2/h3, with text before the first heading", async () => {
    const r = await renderMarkdown(
      "پیش‌گفتار کوتاه.\n\n## اول\n\nمتن اول.\n\n```js\nlet a = 1;\n```\n\n### اول-الف\n\nمتن **پررنگ**.\n\n#### ریز\n\nادامه.\n\n## دوم\n",
      fa,
    );
    expect(r.sections).toEqual([
      { heading: "", anchor: "", text: "پیش‌گفتار کوتاه." },
      { heading: "اول", anchor: "اول", text: "متن اول.\nlet a = 1;" },
      { heading: "اول-الف", anchor: "اول-الف", text: "متن پررنگ.\nریز\nادامه." },
      { heading: "دوم", anchor: "دوم", text: "" },
    ]);
    expect(r.text).toBe("پیش‌گفتار کوتاه.\nاول\nمتن اول.\nlet a = 1;\nاول-الف\nمتن پررنگ.\nریز\nادامه.\nدوم");
  });

  test("no untitled section when the body starts with a heading", async () => {
    const r = await renderMarkdown("## تنها\n\nمتن.", fa);
    expect(r.sections).toEqual([{ heading: "تنها", anchor: "تنها", text: "متن." }]);
  });

  test("words count prose (code blocks excluded); reading time ≥ 1 at ~200 wpm", async () => {
    const short = await renderMarkdown("سه کلمه اینجا\n\n```ts\nconst a = b + c + d + e;\n```", fa);
    expect(short.words).toBe(3);
    expect(short.readingMinutes).toBe(1);

    const paragraph = `${Array.from({ length: 100 }, (_, i) => (i % 2 ? "می‌خواهم" : "React")).join(" ")}\n\n`;
    const long = await renderMarkdown(paragraph.repeat(10), fa);
    expect(long.words).toBe(1000);
    expect(long.readingMinutes).toBe(5);
  });
});

test("output is deterministic", async () => {
  const md = "## الف\n\nمتن React 19 و `x`.\n\n```ts\nlet a = 1;\n```\n\n## الف\n";
  const a = await renderMarkdown(md, fa);
  const b = await renderMarkdown(md, fa);
  expect(b).toEqual(a);
});
