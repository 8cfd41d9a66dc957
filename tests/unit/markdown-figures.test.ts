/**
 * Captions and galleries: an image with a title renders as a figure with its caption, images written together
 * (on one line or on adjacent lines) as a gallery of figures; everything else stays as written. The editor opens
 * and writes both back unchanged, and keeps the captions when it writes a block anew.
 */
import type { JSONContent } from "@tiptap/core";
import { beforeAll, describe, expect, test } from "vitest";
import { docToMarkdown, markdownToDoc } from "~/editor/markdown/manager";
import { getHighlighter } from "~/content/markdown/highlighter.server";
import { renderMarkdown } from "~/content/markdown/render-markdown.server";
import { pictureOf } from "~/lib/image-sizes";
import { elements, parseHtml, textOf } from "../helpers/html";

beforeAll(async () => {
  await getHighlighter();
});

const render = async (markdown: string, locale: "fa" | "en" = "fa") =>
  parseHtml((await renderMarkdown(markdown, { locale })).html);

describe("captions", () => {
  test("an image with a title is a figure whose caption is the title; the image keeps its description", async () => {
    const doc = await render('![A cat asleep on a chair](/media/cat.png "The cat, after lunch")', "en");
    expect(elements(doc, "p")).toHaveLength(0);
    const [figure] = elements(doc, "figure");
    const [img] = elements(figure!, "img");
    expect(img!.properties.alt).toBe("A cat asleep on a chair");
    // The caption is shown once: not also as the image's tooltip.
    expect(img!.properties.title).toBeUndefined();
    expect(elements(figure!, "figcaption").map(textOf)).toEqual(["The cat, after lunch"]);
  });

  test("a caption is text: markup in it is shown as written, never run", async () => {
    const doc = await render('![x](/a.png "<script>alert(1)</script> & <b>bold</b>")');
    expect(elements(doc, "script")).toHaveLength(0);
    expect(elements(doc, "b")).toHaveLength(0);
    expect(textOf(elements(doc, "figcaption")[0]!)).toBe("<script>alert(1)</script> & <b>bold</b>");
  });

  test("the caption reads in its own direction inside a Persian page", async () => {
    const doc = await render('![نمودار](/a.png "A chart of visits")');
    expect(elements(doc, "figcaption")[0]!.properties.dir).toBe("auto");
  });

  test("what stays as written: an image without a title, an image in a sentence, a figure in a list item", async () => {
    const alone = await render("![a](/a.png)");
    expect(elements(alone, "figure")).toHaveLength(0);
    expect(elements(alone, "p")).toHaveLength(1);
    const inline = await render('See ![a](/a.png "A") here.');
    expect(elements(inline, "figure")).toHaveLength(0);
    expect(elements(inline, "img")[0]!.properties.title).toBe("A");
    const listed = await render('- One\n\n  ![a](/a.png "In a list")\n');
    expect(elements(elements(listed, "li")[0]!, "figcaption").map(textOf)).toEqual(["In a list"]);
  });

  test("a published image in a figure is still the image service's picture", async () => {
    const picture = pictureOf({ key: "0123456789abcdef", mime: "image/jpeg", width: 1600, height: 1200 });
    const { html } = await renderMarkdown('![A street](/media/0123456789abcdef-street.jpg "Tehran at night")', {
      locale: "en",
      pictures: new Map([["/media/0123456789abcdef-street.jpg", picture]]),
    });
    const [figure] = elements(parseHtml(html), "figure");
    expect(elements(figure!, "picture")).toHaveLength(1);
    expect(elements(figure!, "source").map((source) => source.properties.type)).toEqual(["image/avif", "image/webp"]);
    expect(textOf(elements(figure!, "figcaption")[0]!)).toBe("Tehran at night");
  });
});

describe("galleries", () => {
  test("images on adjacent lines are one gallery of figures, each with its caption when it has one", async () => {
    const doc = await render('![one](/1.png)\n![two](/2.png "Second")\n![three](/3.png)', "en");
    const [gallery] = elements(doc, "div", { className: "gallery" });
    expect(gallery!.properties.dataCount).toBe("3");
    const figures = elements(gallery!, "figure");
    expect(figures.map((figure) => elements(figure, "img")[0]!.properties.alt)).toEqual(["one", "two", "three"]);
    expect(figures.map((figure) => elements(figure, "figcaption").map(textOf))).toEqual([[], ["Second"], []]);
    expect(elements(doc, "p")).toHaveLength(0);
  });

  test("images on one line, and linked images, make a gallery too", async () => {
    const doc = await render("![a](/a.png) ![b](/b.png) [![c](/c.png)](https://example.org/c)", "en");
    const [gallery] = elements(doc, "div", { className: "gallery" });
    expect(elements(gallery!, "figure")).toHaveLength(3);
    expect(elements(gallery!, "a")[0]!.properties.href).toBe("https://example.org/c");
  });

  test("the gallery takes the page's direction: no direction of its own, so a Persian page's grid runs right to left", async () => {
    const doc = await render("![الف](/a.png)\n![ب](/b.png)");
    const [gallery] = elements(doc, "div", { className: "gallery" });
    expect(gallery!.properties.dir).toBeUndefined();
  });

  test("paragraphs apart stay apart, and a word among the images keeps the paragraph", async () => {
    const apart = await render('![a](/a.png "A")\n\n![b](/b.png "B")');
    expect(elements(apart, "div", { className: "gallery" })).toHaveLength(0);
    expect(elements(apart, "figure")).toHaveLength(2);
    const mixed = await render("![a](/a.png)\nand\n![b](/b.png)");
    expect(elements(mixed, "div", { className: "gallery" })).toHaveLength(0);
    expect(elements(mixed, "p")).toHaveLength(1);
  });
});

describe("the editor", () => {
  const captioned = '![A cat asleep](/media/cat.png "The cat, after lunch")';
  const gallery = '![one](/media/1.png)\n![two](/media/2.png "Second")\n![three](/media/3.png)';
  const page = ["Before.", "", captioned, "", gallery, "", "After."].join("\n");

  /** The document as if every block had been edited: nothing kept from the file, all written anew. */
  function rewritten(doc: JSONContent): JSONContent {
    const { source: _source, ...attrs } = doc.attrs ?? {};
    return { ...doc, attrs, content: doc.content?.map(rewritten) };
  }

  test("opens captions and galleries and writes them back byte for byte", () => {
    expect(docToMarkdown(markdownToDoc(page))).toBe(page);
  });

  test("keeps every caption and image when it writes the blocks anew", () => {
    const doc = markdownToDoc(page);
    const images: JSONContent[] = [];
    const walk = (node: JSONContent) => {
      if (node.type === "image") images.push(node);
      node.content?.forEach(walk);
    };
    walk(doc);
    expect(images.map((image) => [image.attrs?.src, image.attrs?.title ?? null])).toEqual([
      ["/media/cat.png", "The cat, after lunch"],
      ["/media/1.png", null],
      ["/media/2.png", "Second"],
      ["/media/3.png", null],
    ]);
    const written = docToMarkdown(rewritten(doc));
    expect(written).toContain(captioned);
    // The gallery's images stay in one paragraph: each on its line, or all on one.
    const galleryText = written.split("\n\n").find((block) => block.includes("/media/1.png"))!;
    expect(galleryText.replace(/\s+/g, " ")).toBe(gallery.replace(/\n/g, " "));
  });
});
