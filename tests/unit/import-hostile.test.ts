import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { readGhostExport } from "~/import/ghost.server";
import { htmlToMarkdown, MAX_HTML_DEPTH } from "~/import/html-to-markdown.server";
import { readWordPressExport } from "~/import/wordpress.server";
import { ServiceError } from "~/lib/service-error";
import type { Element, Root } from "hast";
import { hostileString, payloads } from "../helpers/hostile";
import { elements, parseHtml } from "../helpers/html";
import { plainItem, wxr } from "../fixtures/import/wordpress-export";

/** The refusal a promise or call ends with. */
async function refusal(run: () => unknown): Promise<ServiceError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("not refused");
}

let folder: string;
let secretFile: string;
const SECRET = "daftar-secret-3f9a";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "daftar-import-hostile-"));
  secretFile = path.join(folder, "secret.txt");
  await writeFile(secretFile, SECRET);
  await getHighlighter();
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("a hostile WordPress export", () => {
  test("bad XML is refused, naming its line", async () => {
    const broken = wxr(plainItem(1)).replace("</wp:post_type>", "</wp:post_typo>");
    const error = await refusal(() => readWordPressExport(broken));
    expect(error.key).toBe("import.read.badXml");
    const line = broken.split("\n").findIndex((one) => one.includes("</wp:post_typo>")) + 1;
    expect(error.vars?.line).toBe(line);
  });

  test("a billion laughs is refused at its document type, nothing expanded", async () => {
    const entities = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '<!ENTITY lol0 "lol">' : `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`,
    ).join("\n");
    const bomb = `<?xml version="1.0"?>\n<!DOCTYPE rss [\n${entities}\n]>\n<rss><channel><title>&lol9;</title></channel></rss>`;
    const error = await refusal(() => readWordPressExport(bomb));
    expect([error.key, error.vars?.line]).toEqual(["import.read.doctype", 13]);
  });

  test("an external entity is refused and its file never read", async () => {
    for (const declaration of [
      `<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file://${secretFile}">]>`,
      `<!DOCTYPE rss SYSTEM "file://${secretFile}">`,
      `<!DOCTYPE rss [<!ENTITY % p SYSTEM "file://${secretFile}"> %p;]>`,
    ]) {
      const xml = `<?xml version="1.0"?>\n${declaration}\n<rss><channel><title>&xxe;</title>${plainItem(1, { title: "&xxe;" })}</channel></rss>`;
      const error = await refusal(() => readWordPressExport(xml));
      expect(error.key).toBe("import.read.doctype");
      expect(JSON.stringify(error)).not.toContain(SECRET);
    }
  });

  test("an entity nobody declared is bad XML, not expanded", async () => {
    const error = await refusal(() => readWordPressExport(wxr(plainItem(1, { title: "]]>&xxe;<![CDATA[" }))));
    expect(error.key).toBe("import.read.badXml");
  });

  test("a file past the size limit is refused as it streams, before it is all read", async () => {
    let chunksRead = 0;
    async function* endless() {
      const whole = wxr("");
      yield whole.slice(0, whole.indexOf("</channel>"));
      for (;;) {
        chunksRead++;
        yield `<item><title>${"x".repeat(64 * 1024)}</title></item>`;
      }
    }
    const error = await refusal(() => readWordPressExport(endless(), { maxBytes: 1_000_000 }));
    expect([error.status, error.key, error.vars?.max]).toEqual([413, "import.read.tooLarge", 1]);
    expect(chunksRead).toBeLessThan(20);
  });

  test("more entries than the limit are refused", async () => {
    const many = wxr(Array.from({ length: 30 }, (_, i) => plainItem(i + 1)).join(""));
    const error = await refusal(() => readWordPressExport(many, { maxItems: 25 }));
    expect([error.key, error.vars?.max]).toEqual(["import.read.tooManyItems", 25]);
    await expect(readWordPressExport(many, { maxItems: 40 })).resolves.toMatchObject({ items: { length: 30 } });
  });

  test("elements nested past the limit are refused", async () => {
    const deep = wxr(`<item>${"<x>".repeat(100)}${"</x>".repeat(100)}</item>`);
    expect((await refusal(() => readWordPressExport(deep))).key).toBe("import.read.tooDeep");
  });

  test("a file that is not a WordPress export, or not UTF-8, is refused", async () => {
    expect((await refusal(() => readWordPressExport("<html><body>hi</body></html>"))).key).toBe(
      "import.read.notWordPress",
    );
    expect((await refusal(() => readWordPressExport(""))).key).toBe("import.read.notWordPress");
    const latin1 = Buffer.concat([Buffer.from(wxr("").slice(0, 300)), Buffer.from([0xe9, 0xff, 0xfe])]);
    async function* bytes() {
      yield latin1;
    }
    expect((await refusal(() => readWordPressExport(bytes()))).key).toBe("import.read.notUtf8");
  });

  test("any text is read or refused with a clear message, never an unexpected error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileString, fc.constantFrom(wxr(plainItem(1)))), fc.nat(600), async (text, cut) => {
        try {
          await readWordPressExport(text.slice(0, cut || undefined));
        } catch (error) {
          expect(error).toBeInstanceOf(ServiceError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("hostile content", () => {
  test("HTML nested far past the limit: no stack overflow, every character kept as code", () => {
    const deep = `${"<div>".repeat(100_000)}نوشته${"</div>".repeat(100_000)}`;
    const converted = htmlToMarkdown(deep);
    expect(converted.warnings).toEqual([{ message: "import.warn.contentTooDeep", values: { max: MAX_HTML_DEPTH } }]);
    expect(converted.markdown).toBe(`\`\`\`html\n${deep}\n\`\`\``);
    // Unclosed, as a browser would read it, and through formatting elements the parser reopens.
    expect(htmlToMarkdown("<span>".repeat(50_000)).warnings[0]?.message).toBe("import.warn.contentTooDeep");
    expect(htmlToMarkdown("<b><i>".repeat(20_000)).warnings[0]?.message).toBe("import.warn.contentTooDeep");
  });

  test("tags the depth estimate cannot see (attributes past 4,000 characters): the stack overflow is caught", () => {
    const hidden = `<div data-x="${"a".repeat(4001)}">`.repeat(2500);
    const converted = htmlToMarkdown(`${hidden}<img src="/lost.png">`);
    expect(converted.warnings).toEqual([{ message: "import.warn.contentTooDeep", values: { max: MAX_HTML_DEPTH } }]);
    expect(converted.images).toEqual([]);
    expect(converted.markdown.length).toBeGreaterThan(hidden.length);
  });

  test("elements a browser closes by themselves do not count as nesting", () => {
    const items = `<ul>${"<li>x".repeat(1000)}</ul>`;
    const converted = htmlToMarkdown(items);
    expect(converted.warnings).toEqual([]);
    expect(converted.markdown).toBe(Array.from({ length: 1000 }, () => "- x").join("\n"));
    const table = `<table>${"<tr><td>a<td>b".repeat(300)}</table>`;
    expect(htmlToMarkdown(table).warnings).toEqual([]);
    const paragraphs = "<p>a".repeat(1000);
    expect(htmlToMarkdown(paragraphs).markdown).toBe(Array.from({ length: 1000 }, () => "a").join("\n\n"));
  });

  test("nesting within the limit converts", () => {
    const html = `${"<div>".repeat(MAX_HTML_DEPTH - 1)}<p>ok</p>${"</div>".repeat(MAX_HTML_DEPTH - 1)}`;
    expect(htmlToMarkdown(html)).toEqual({ markdown: "ok", images: [], warnings: [] });
  });

  test.each(payloads.filter((one) => one.includes("<") || one.startsWith("javascript")).map((one) => [one]))(
    "script in content does not run on the rendered page: %s",
    async (payload) => {
      const html = `<p>${payload}</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><img src=x onerror="alert(4)"><iframe srcdoc="<script>alert(5)</script>"></iframe>`;
      const rendered = parseHtml((await renderMarkdown(htmlToMarkdown(html).markdown, { locale: "fa" })).html);
      for (const tag of ["script", "iframe", "object", "embed"]) expect(elements(rendered, tag)).toEqual([]);
      const attributes: [string, unknown][] = [];
      const visit = (node: Root | Element) => {
        for (const child of node.children) {
          if (child.type !== "element") continue;
          attributes.push(...Object.entries(child.properties));
          visit(child);
        }
      };
      visit(rendered);
      expect(attributes.filter(([name]) => /^on/i.test(name) || name === "srcDoc")).toEqual([]);
      expect(attributes.filter(([, value]) => /^\s*javascript:/i.test(String(value)))).toEqual([]);
    },
  );

  test("any HTML converts without an error, to markdown within the renderer's nesting", () => {
    const tags = [
      "p",
      "div",
      "ul",
      "li",
      "ol",
      "blockquote",
      "table",
      "tr",
      "td",
      "pre",
      "code",
      "b",
      "a",
      "h2",
      "figure",
    ];
    const html = fc
      .array(
        fc.oneof(
          fc.constantFrom(...tags).map((tag) => `<${tag}>`),
          fc.constantFrom(...tags).map((tag) => `</${tag}>`),
          hostileString,
        ),
        { maxLength: 60 },
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(html, (text) => {
        const converted = htmlToMarkdown(text);
        expect(typeof converted.markdown).toBe("string");
      }),
      { numRuns: 500 },
    );
  });
});

describe("a hostile Ghost export", () => {
  test.each([
    ["not JSON", "{not json", "import.read.badJson"],
    ["JSON that is not an export", '{"posts": []}', "import.read.notGhost"],
    ["an array", "[]", "import.read.notGhost"],
    ["posts that are not a list", '{"db":[{"data":{"posts":{}}}]}', "import.read.notGhost"],
    ["null", "null", "import.read.notGhost"],
  ])("%s is refused", async (_, json, key) => {
    expect((await refusal(() => readGhostExport(json))).key).toBe(key);
  });

  test("a file past the size limit, or with too many entries, is refused", async () => {
    const big = JSON.stringify({ db: [{ data: { posts: [{ id: "1", html: "x".repeat(2_000_000) }] } }] });
    expect((await refusal(() => readGhostExport(big, { maxBytes: 1_000_000 }))).key).toBe("import.read.tooLarge");
    const many = { db: [{ data: { posts: Array.from({ length: 11 }, (_, i) => ({ id: String(i) })) } }] };
    expect((await refusal(() => readGhostExport(many, { maxItems: 10 }))).key).toBe("import.read.tooManyItems");
  });

  test("rows of any shape are read or skipped, never an unexpected error", () => {
    fc.assert(
      fc.property(fc.array(fc.anything(), { maxLength: 5 }), fc.anything(), (posts, lexical) => {
        const site = readGhostExport({
          db: [{ data: { posts: [...posts, { id: "x", lexical, mobiledoc: lexical }], tags: posts, users: lexical } }],
        });
        expect(site.source).toBe("ghost");
      }),
      { numRuns: 300 },
    );
  });

  test("a stored document nested deeply does not overflow the stack", () => {
    let node: Record<string, unknown> = { type: "text", text: "deep", format: 0 };
    for (let i = 0; i < 100_000; i++) node = { type: "link", url: "/x", children: [node] };
    const site = readGhostExport({
      db: [
        { data: { posts: [{ id: "d", lexical: { root: { children: [{ type: "paragraph", children: [node] }] } } }] } },
      ],
    });
    expect(site.items[0]!.key).toBe("post:d");
  });
});
