import type { Element, Root, RootContent, ElementContent } from "hast";
import { fromHtml } from "hast-util-from-html";
import rehypeSanitize from "rehype-sanitize";
import { unified } from "unified";
import { beforeAll, describe, expect, test } from "vitest";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { sanitizeSchema } from "~/content/markdown/sanitize-schema";
import { htmlToMarkdown } from "~/import/html-to-markdown.server";

const ZWNJ = "\u200C";

beforeAll(async () => {
  await getHighlighter();
});

const md = (html: string) => htmlToMarkdown(html).markdown;

describe("HTML to markdown", () => {
  test("paragraphs, headings, emphasis, strikethrough and line breaks", () => {
    expect(md("<h2>عنوان</h2><p>یک <strong>دو</strong> <em>سه</em> <del>چهار</del><br>پنج</p><p>شش</p>")).toBe(
      "## عنوان\n\nیک **دو** *سه* ~~چهار~~\\\nپنج\n\nشش",
    );
    expect(md("<p><b>bold</b> and <i>italic</i> and <s>gone</s> and <strike>old</strike></p>")).toBe(
      "**bold** and *italic* and ~~gone~~ and ~~old~~",
    );
  });

  test("spaces at the edges of emphasis move outside it", () => {
    expect(md("<p>a<strong> b </strong>c</p>")).toBe("a **b** c");
    expect(md("<p><em> </em>x</p>")).toBe("x");
  });

  test("nested and numbered lists keep their structure and start", () => {
    expect(
      md('<ul><li>one<ul><li>inner</li></ul></li><li>two</li></ul><ol start="3"><li>three</li><li>four</li></ol>'),
    ).toBe("- one\n  - inner\n- two\n\n3. three\n4. four");
  });

  test("quotes, rules, code blocks with their language and inline code", () => {
    expect(
      md(
        '<blockquote><p>نقل</p><cite>کسی</cite></blockquote><hr><pre class="wp-block-code"><code class="language-js">const a = 1;\n\nlet b;</code></pre><p>run <code>npm  test</code></p>',
      ),
    ).toBe("> نقل\n>\n> <cite>کسی</cite>\n\n---\n\n```js\nconst a = 1;\n\nlet b;\n```\n\nrun `npm test`");
  });

  test("links with titles and images with alt text and titles", () => {
    const converted = htmlToMarkdown(
      '<p><a href="https://example.com/a" title="T">پیوند</a> <img src="/wp-content/uploads/a.jpg" alt="گل" title="عنوان"></p><p><img data-src="/real.jpg" src="data:image/gif;base64,R0"></p>',
    );
    expect(converted.markdown).toBe(
      '[پیوند](https://example.com/a "T") ![گل](/wp-content/uploads/a.jpg "عنوان")\n\n![](/real.jpg)',
    );
    expect(converted.images).toEqual(["/wp-content/uploads/a.jpg", "/real.jpg"]);
  });

  test("a simple table becomes GFM; one with merged cells or no header stays HTML", () => {
    expect(
      md(
        "<table><thead><tr><th>نام</th><th>سن</th></tr></thead><tbody><tr><td>علی</td><td>۳۰</td></tr></tbody></table>",
      ),
    ).toBe("| نام | سن |\n| --- | --- |\n| علی | ۳۰ |");
    expect(md('<table><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></table>')).toBe(
      '<table><tbody><tr><td colspan="2">a</td></tr><tr><td>b</td><td>c</td></tr></tbody></table>',
    );
    expect(md("<table><tr><td>a</td></tr></table>")).toBe("<table><tbody><tr><td>a</td></tr></tbody></table>");
  });

  test("block editor comments are dropped, its blocks converted", () => {
    expect(
      md(
        '<!-- wp:paragraph -->\n<p>سلام</p>\n<!-- /wp:paragraph -->\n\n<!-- wp:heading {"level":3} -->\n<h3 class="wp-block-heading">بخش</h3>\n<!-- /wp:heading -->',
      ),
    ).toBe("سلام\n\n### بخش");
  });

  test("a figure is its picture with the caption as an italic line under it", () => {
    expect(
      md(
        '<figure class="wp-block-image"><img src="/a.jpg" alt="الف"><figcaption>زیرنویس <a href="/x">پیوند</a></figcaption></figure>',
      ),
    ).toBe("![الف](/a.jpg)\n\n*زیرنویس [پیوند](/x)*");
  });

  test("embeds become links to what they embed", () => {
    expect(
      md(
        '<figure class="wp-block-embed is-type-video wp-block-embed-youtube"><div class="wp-block-embed__wrapper">\nhttps://www.youtube.com/watch?v=abc\n</div></figure><iframe src="https://player.example/1"></iframe>',
      ),
    ).toBe("<https://www.youtube.com/watch?v=abc>\n\n<https://player.example/1>");
  });

  test("what markdown cannot say is kept as HTML; scripts are dropped with a warning", () => {
    const converted = htmlToMarkdown(
      '<p>H<sub>2</sub>O و x<sup>*2*</sup></p><dl><dt>a</dt><dd>b</dd></dl><script>alert(1)</script><p onclick="x()">ok</p>',
    );
    expect(converted.markdown).toBe("H<sub>2</sub>O و x<sup>\\*2\\*</sup>\n\n<dl><dt>a</dt><dd>b</dd></dl>\n\nok");
    expect(converted.warnings).toEqual([{ message: "import.warn.scriptDropped" }]);
  });

  test("images inside what stays HTML are listed too", () => {
    const converted = htmlToMarkdown(
      '<table><tr><td colspan="2"><img src="/in-table.png" alt=""></td></tr></table><dl><dd><img src="/in-list.png"></dd></dl>',
    );
    expect(converted.images).toEqual(["/in-table.png", "/in-list.png"]);
  });

  test("a raw HTML block never holds a blank line, which would end it", () => {
    const converted = md("<details><summary>s</summary><pre>a\n\n\nb</pre></details>");
    expect(converted).not.toMatch(/\n[ \t]*\n/);
    expect(converted).toBe("<details><summary>s</summary><pre>a&#10;&#10;\nb</pre></details>");
  });

  test("Persian text passes exactly: ZWNJ, Arabic yeh and kaf, Persian and Arabic digits, punctuation", () => {
    const text = `می${ZWNJ}خواهم «كتاب» را بخوانم؛ آيا ۱۲۳ يا ١٢٣ صفحه دارد؟ بله، دارد!`;
    expect(md(`<p>${text}</p>`)).toBe(text);
  });

  test("markdown is escaped only where the text would read as markdown", () => {
    expect(md("<p># not a heading</p><p>1. not a list</p><p>* not a bullet</p><p>a * b _c_ [d]</p>")).toBe(
      "\\# not a heading\n\n1\\. not a list\n\n\\* not a bullet\n\na \\* b \\_c\\_ \\[d]",
    );
  });

  test("lists nested past the renderer's limit are kept as HTML", () => {
    const deep = "<ul><li>x".repeat(20) + "</li></ul>".repeat(20);
    const converted = md(deep);
    expect(converted).toContain("<ul><li>x<ul>");
    expect(converted.split("\n").filter((line) => /^\s*- /.test(line)).length).toBe(16);
  });
});

/** Structure and text of rendered HTML, the way a reader sees it: element names of the structure, text collapsed. */
const STRUCTURE = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "pre",
  "code",
  "table",
  "tr",
  "th",
  "td",
  "a",
  "img",
  "strong",
  "em",
  "del",
  "br",
  "hr",
  "sup",
  "sub",
  "dl",
  "dt",
  "dd",
]);
const SAME = { b: "strong", i: "em", s: "del", strike: "del" } as Record<string, string>;

function shape(root: Root): string {
  let out = "";
  const visit = (nodes: (RootContent | ElementContent)[], parentName = "") => {
    for (const node of nodes) {
      if (node.type === "text") out += node.value;
      if (node.type !== "element") continue;
      const element = node as Element;
      const classes = element.properties.className;
      if (Array.isArray(classes) && classes.includes("heading-anchor")) continue;
      const name = SAME[element.tagName] ?? element.tagName;
      // A list item's paragraph only spaces it apart (markdown makes an item loose where a sublist cannot
      // interrupt its text): the same text, in the same item.
      if (name === "p" && parentName === "li") {
        visit(element.children, name);
        continue;
      }
      if (!STRUCTURE.has(name)) {
        visit(element.children, parentName);
        continue;
      }
      const attrs =
        name === "a"
          ? ` href=${String(element.properties.href)}`
          : name === "img"
            ? ` src=${String(element.properties.src)} alt=${String(element.properties.alt)}`
            : name === "ol"
              ? ` start=${String(element.properties.start ?? 1)}`
              : "";
      out += `<${name}${attrs}>`;
      visit(element.children, name);
      out += `</${name}>`;
    }
  };
  visit(root.children);
  return out
    .replace(/\s+/g, " ")
    .replace(/\s*(<[^>]+>)\s*/g, "$1")
    .trim();
}

const sanitised = (html: string) =>
  unified()
    .use(rehypeSanitize, sanitizeSchema)
    .runSync(fromHtml(html, { fragment: true })) as Root;

describe("round trip: the converted markdown renders as the HTML it came from", () => {
  const fragments = [
    `<p>می${ZWNJ}خواهم کتاب${ZWNJ}ها را <strong>بخوانم</strong>، <em>امروز</em> ۱۴۰۲.</p>`,
    '<h2>Heading <em>one</em></h2><p>Text with <a href="https://example.com/">a link</a> and <code>code</code>.</p>',
    '<ul><li>یک<ul><li>دو<ol start="5"><li>سه</li></ol></li></ul></li><li>چهار</li></ul>',
    "<blockquote><p>نقل قول</p><p>دومی</p></blockquote>",
    '<pre><code class="language-ts">const x = 1;\nconst y = "&lt;b&gt;";</code></pre>',
    "<table><thead><tr><th>الف</th><th>ب</th></tr></thead><tbody><tr><td>۱</td><td><strong>۲</strong></td></tr></tbody></table>",
    '<table><tbody><tr><td rowspan="2">a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table>',
    '<p>خط اول<br>خط دوم <img src="/a.png" alt="تصویر"></p>',
    "<p>H<sub>2</sub>O and E=mc<sup>2</sup></p><hr><dl><dt>واژه</dt><dd>معنی</dd></dl>",
    "<p># hash, 1. one, * star, _under_, [bracket], <span>&lt;tag&gt;</span> &amp; | pipe</p>",
    "<p><del>old</del> <b>bold</b> <i>italic</i></p><h3>كتاب عربي ي ك</h3>",
  ];
  test.each(fragments.map((html) => [html.slice(0, 50), html]))("%s", async (_, html) => {
    const markdown = md(html);
    const rendered = await renderMarkdown(markdown, { locale: "fa" });
    expect(shape(fromHtml(rendered.html, { fragment: true }))).toBe(shape(sanitised(html)));
  });
});
