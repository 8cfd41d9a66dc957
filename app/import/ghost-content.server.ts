/**
 * Ghost's stored documents as the reader converts them: a post's `lexical` (Ghost 5 and 6) or `mobiledoc`
 * (Ghost 1 to 5) JSON rendered to HTML the way Ghost renders it, except its markdown cards, whose markdown is
 * taken as it is. The result is a list of parts, HTML to convert and markdown to keep, in order.
 *
 * Cards: image, gallery, code, divider, HTML and markdown as themselves; a bookmark, an embed, a button, a
 * video, an audio or a file as a link to its address; a callout as a quote; a toggle as an HTML `<details>`; a
 * header as a heading and its text. A card that only makes sense on Ghost (the paywall marker, an e-mail's
 * own content, a signup form, a product) is left out with a warning naming it.
 */
import type { ContentWarning } from "./html-to-markdown.server";
import { escapeHtml } from "~/lib/escape-html";

export type ContentPart = { kind: "html"; value: string } | { kind: "markdown"; value: string };

export interface RenderedDocument {
  parts: ContentPart[];
  warnings: ContentWarning[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Nesting deeper than this in a stored document is not followed (its text past it is kept flat). */
const MAX_DOCUMENT_DEPTH = 64;

class Parts {
  readonly parts: ContentPart[] = [];
  readonly warnings = new Map<string, ContentWarning>();

  html(value: string): void {
    if (!value) return;
    const last = this.parts.at(-1);
    if (last?.kind === "html") last.value += value;
    else this.parts.push({ kind: "html", value });
  }

  markdown(value: string): void {
    if (value.trim()) this.parts.push({ kind: "markdown", value: value.replace(/\s+$/, "") });
  }

  warn(name: string): void {
    this.warnings.set(name, { message: "import.warn.unknownCard", values: { name } });
  }

  result(): RenderedDocument {
    return { parts: this.parts, warnings: [...this.warnings.values()] };
  }
}

const link = (url: string, label?: string) =>
  `<p><a href="${escapeHtml(url)}">${escapeHtml(label?.trim() || url)}</a></p>`;

/** A card of either format, by its name and its payload. */
function card(name: string, payload: Json, out: Parts): void {
  const caption = text(payload.caption);
  const figcaption = caption ? `<figcaption>${caption}</figcaption>` : "";
  switch (name) {
    case "markdown":
    case "card-markdown":
      out.markdown(text(payload.markdown));
      return;
    case "html":
      out.html(text(payload.html));
      return;
    case "image": {
      const src = text(payload.src);
      if (!src) return;
      const img = `<img src="${escapeHtml(src)}" alt="${escapeHtml(text(payload.alt))}"${payload.title ? ` title="${escapeHtml(text(payload.title))}"` : ""}>`;
      const linked = payload.href ? `<a href="${escapeHtml(text(payload.href))}">${img}</a>` : img;
      out.html(`<figure>${linked}${figcaption}</figure>`);
      return;
    }
    case "gallery": {
      const images = list(payload.images)
        .filter(isObject)
        .map((image) => {
          const cap = text(image.caption);
          return `<figure><img src="${escapeHtml(text(image.src))}" alt="${escapeHtml(text(image.alt))}">${cap ? `<figcaption>${cap}</figcaption>` : ""}</figure>`;
        });
      out.html(`<div>${images.join("")}</div>${caption ? `<p><em>${caption}</em></p>` : ""}`);
      return;
    }
    case "code":
    case "codeblock": {
      const language = text(payload.language).replace(/[^\w#+.-]/g, "");
      out.html(
        `<pre><code${language ? ` class="language-${language}"` : ""}>${escapeHtml(text(payload.code))}</code></pre>${caption ? `<p><em>${caption}</em></p>` : ""}`,
      );
      return;
    }
    case "hr":
    case "horizontalrule":
      out.html("<hr>");
      return;
    case "bookmark": {
      const metadata = isObject(payload.metadata) ? payload.metadata : {};
      const url = text(payload.url);
      if (url) out.html(link(url, text(metadata.title)) + (caption ? `<p><em>${caption}</em></p>` : ""));
      return;
    }
    case "embed":
    case "video":
    case "audio":
    case "file": {
      const url = text(payload.url) || text(payload.src);
      if (url)
        out.html(
          link(url, text(payload.fileTitle) || text(payload.title)) + (caption ? `<p><em>${caption}</em></p>` : ""),
        );
      return;
    }
    case "button": {
      const url = text(payload.buttonUrl);
      if (url) out.html(link(url, text(payload.buttonText)));
      return;
    }
    case "callout": {
      const emoji = text(payload.calloutEmoji);
      out.html(`<blockquote><p>${emoji ? `${escapeHtml(emoji)} ` : ""}${text(payload.calloutText)}</p></blockquote>`);
      return;
    }
    case "toggle":
      out.html(`<details><summary>${text(payload.heading)}</summary>${text(payload.content)}</details>`);
      return;
    case "header": {
      const heading = text(payload.header) || text(payload.heading);
      const sub = text(payload.subheader) || text(payload.subheading);
      out.html(`${heading ? `<h2>${heading}</h2>` : ""}${sub ? `<p>${sub}</p>` : ""}`);
      if (payload.buttonUrl) out.html(link(text(payload.buttonUrl), text(payload.buttonText)));
      return;
    }
    default:
      out.warn(name);
  }
}

// Lexical ----------------------------------------------------------------------------------------------------

const FORMATS: [number, string][] = [
  [16, "code"],
  [1, "strong"],
  [2, "em"],
  [4, "s"],
  [8, "u"],
  [32, "sub"],
  [64, "sup"],
  [128, "mark"],
];

function lexicalInline(nodes: unknown[], depth: number): string {
  let html = "";
  for (const node of nodes.filter(isObject)) {
    switch (node.type) {
      case "text":
      case "extended-text": {
        const format = typeof node.format === "number" ? node.format : 0;
        let value = escapeHtml(text(node.text));
        for (const [bit, tag] of FORMATS) if (format & bit) value = `<${tag}>${value}</${tag}>`;
        html += value;
        break;
      }
      case "tab":
        html += "\t";
        break;
      case "linebreak":
        html += "<br>";
        break;
      case "link":
      case "autolink": {
        const inner = depth < MAX_DOCUMENT_DEPTH ? lexicalInline(list(node.children), depth + 1) : "";
        const title = text(node.title);
        html += `<a href="${escapeHtml(text(node.url))}"${title ? ` title="${escapeHtml(title)}"` : ""}>${inner}</a>`;
        break;
      }
      default:
        if (depth < MAX_DOCUMENT_DEPTH) html += lexicalInline(list(node.children), depth + 1);
    }
  }
  return html;
}

function lexicalList(node: Json, depth: number): string {
  const tag = node.listType === "number" || node.tag === "ol" ? "ol" : "ul";
  const start = typeof node.start === "number" && node.start !== 1 && tag === "ol" ? ` start="${node.start}"` : "";
  const items = list(node.children)
    .filter(isObject)
    .map((item) => {
      const children = list(item.children).filter(isObject);
      const nested = children.filter((child) => child.type === "list");
      const inline = children.filter((child) => child.type !== "list");
      const inner = depth < MAX_DOCUMENT_DEPTH ? nested.map((child) => lexicalList(child, depth + 1)).join("") : "";
      return `<li>${lexicalInline(inline, depth + 1)}${inner}</li>`;
    });
  return `<${tag}${start}>${items.join("")}</${tag}>`;
}

/** A Ghost lexical document (its JSON text or value). */
export function renderLexical(source: unknown): RenderedDocument {
  const out = new Parts();
  const document = typeof source === "string" ? (JSON.parse(source) as unknown) : source;
  const root = isObject(document) && isObject(document.root) ? document.root : null;
  for (const node of list(root?.children).filter(isObject)) {
    const type = text(node.type);
    switch (type) {
      case "paragraph":
        out.html(`<p>${lexicalInline(list(node.children), 0)}</p>`);
        break;
      case "heading":
      case "extended-heading": {
        const tag = /^h[1-6]$/.test(text(node.tag)) ? text(node.tag) : "h2";
        out.html(`<${tag}>${lexicalInline(list(node.children), 0)}</${tag}>`);
        break;
      }
      case "quote":
      case "extended-quote":
      case "aside":
        out.html(`<blockquote><p>${lexicalInline(list(node.children), 0)}</p></blockquote>`);
        break;
      case "list":
        out.html(lexicalList(node, 0));
        break;
      default:
        card(type, node, out);
    }
  }
  return out.result();
}

// Mobiledoc --------------------------------------------------------------------------------------------------

/** A Ghost mobiledoc document (its JSON text or value). */
export function renderMobiledoc(source: unknown): RenderedDocument {
  const out = new Parts();
  const document = typeof source === "string" ? (JSON.parse(source) as unknown) : source;
  if (!isObject(document)) return out.result();
  const markups = list(document.markups).map((markup) => list(markup));
  const atoms = list(document.atoms).map((atom) => list(atom));
  const cards = list(document.cards).map((one) => list(one));

  const markers = (items: unknown[]): string => {
    let html = "";
    const open: string[] = [];
    for (const marker of items.map((one) => list(one))) {
      const [type, opened, closed, value] = marker;
      for (const index of list(opened)) {
        const [tagName, attributes] = markups[Number(index)] ?? [];
        const tag = text(tagName).toLowerCase();
        if (!/^[a-z][a-z0-9]*$/.test(tag)) continue;
        const attrs = list(attributes);
        let written = "";
        for (let i = 0; i + 1 < attrs.length; i += 2) {
          const name = text(attrs[i]).toLowerCase();
          if (/^[a-z][a-z-]*$/.test(name)) written += ` ${name}="${escapeHtml(text(attrs[i + 1]))}"`;
        }
        html += `<${tag}${written}>`;
        open.push(tag);
      }
      if (type === 1) {
        const [name, atomText] = atoms[Number(value)] ?? [];
        html += name === "soft-return" ? "<br>" : escapeHtml(text(atomText));
      } else html += escapeHtml(text(value));
      for (let closing = Number(closed) || 0; closing > 0 && open.length; closing--) html += `</${open.pop()}>`;
    }
    while (open.length) html += `</${open.pop()}>`;
    return html;
  };

  for (const section of list(document.sections).map((one) => list(one))) {
    const [kind, first, second] = section;
    if (kind === 1) {
      const tag = text(first).toLowerCase();
      const known = /^(p|h[1-6]|blockquote|aside|pull-quote)$/.test(tag) ? tag : "p";
      const html = markers(list(second));
      if (known === "aside" || known === "pull-quote") out.html(`<blockquote><p>${html}</p></blockquote>`);
      else if (known === "blockquote") out.html(`<blockquote><p>${html}</p></blockquote>`);
      else out.html(`<${known}>${html}</${known}>`);
    } else if (kind === 2) {
      out.html(`<figure><img src="${escapeHtml(text(first))}" alt=""></figure>`);
    } else if (kind === 3) {
      const tag = text(first).toLowerCase() === "ol" ? "ol" : "ul";
      out.html(
        `<${tag}>${list(second)
          .map((item) => `<li>${markers(list(item))}</li>`)
          .join("")}</${tag}>`,
      );
    } else if (kind === 10) {
      const [name, payload] = cards[Number(first)] ?? [];
      card(text(name), isObject(payload) ? payload : {}, out);
    }
  }
  return out.result();
}
