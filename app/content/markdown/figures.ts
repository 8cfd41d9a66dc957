import type { Element, ElementContent, Root } from "hast";

/**
 * Paragraphs that hold nothing but images become figures: one image with a title (`![alt](src "caption")`) is a
 * `<figure>` with the title as its `<figcaption>`; two or more images (on one line or on adjacent lines) are a
 * gallery, a `<div class="gallery">` of figures laid out in a grid, each with its caption when it has one. An
 * image linked to an address (`[![alt](src)](href)`) counts as an image. Anything else in the paragraph (a word,
 * a link of text) leaves it as written. A separate paragraph is a separate figure: a blank line is the writer's
 * way to say the images do not belong together.
 */
export function rehypeFigures() {
  return (tree: Root) => figuresIn(tree);
}

function figuresIn(parent: Root | Element): void {
  parent.children = parent.children.map((child) => {
    if (child.type !== "element") return child;
    if (child.tagName === "p") return figureOf(child) ?? child;
    // Images in a list item or a quote are figures there; code and tables hold none worth a figure.
    if (child.tagName !== "pre" && child.tagName !== "table") figuresIn(child);
    return child;
  }) as typeof parent.children;
}

/** The image an item of the paragraph is (an image, or a link holding only one), or undefined. */
function imageOf(node: ElementContent): Element | undefined {
  if (node.type !== "element") return undefined;
  if (node.tagName === "img") return node;
  if (node.tagName !== "a") return undefined;
  const inside = node.children.filter((child) => !isBlank(child));
  return inside.length === 1 && inside[0]!.type === "element" && inside[0]!.tagName === "img" ? inside[0] : undefined;
}

function isBlank(node: ElementContent): boolean {
  return (node.type === "text" && node.value.trim() === "") || (node.type === "element" && node.tagName === "br");
}

/** The figure or gallery a paragraph of images becomes, or undefined when it stays a paragraph. */
function figureOf(paragraph: Element): Element | undefined {
  const items = paragraph.children.filter((child) => !isBlank(child));
  if (items.length === 0 || !items.every((item) => imageOf(item) !== undefined)) return undefined;
  const figures = items.map((item) => figure(item as Element, imageOf(item)!));
  if (figures.length > 1) {
    return element("div", { className: ["gallery"], dataCount: figures.length }, figures);
  }
  // One image is a figure only when it has a caption: a picture on its own stays the paragraph it always was.
  return figures[0]!.children.length > 1 ? figures[0] : undefined;
}

/** A figure of one item, its image's title moved into the caption (a tooltip would repeat it). */
function figure(item: Element, image: Element): Element {
  const title = image.properties.title;
  const caption = typeof title === "string" ? title.trim() : "";
  delete image.properties.title;
  return element(
    "figure",
    {},
    caption ? [item, element("figcaption", {}, [{ type: "text", value: caption }])] : [item],
  );
}

function element(tagName: string, properties: Element["properties"], children: ElementContent[]): Element {
  return { type: "element", tagName, properties, children };
}
