/**
 * What WordPress does to a post's stored text before it shows it, done here before the HTML is converted:
 *
 * - Shortcodes: `[caption]` becomes a figure (the picture with its caption), `[gallery ids="…"]` the pictures of
 *   those attachments (or, without ids, of the post's own), `[embed]url[/embed]`, `[video]` and `[audio]` a link to
 *   the address. Any other shortcode is kept as text, with a warning; `[[name]]` is WordPress's way of writing a
 *   shortcode as text and becomes `[name]`. Nothing inside `<pre>` or `<code>` is read as a shortcode.
 * - `wpautop`: a post written in the classic editor is stored without `<p>`: a blank line ends a paragraph and a
 *   single line end is a line break. A post of the block editor (its `<!-- wp:… -->` comments) already has its
 *   paragraphs and is left as it is.
 */
import { fromHtml } from "hast-util-from-html";
import type { Element, ElementContent, RootContent } from "hast";
import { htmlDepth, MAX_HTML_DEPTH, type ContentWarning } from "./html-to-markdown.server";
import { escapeHtml } from "~/lib/escape-html";

export interface WordPressAttachment {
  id: string;
  url: string;
  /** The picture's alternative text (`_wp_attachment_image_alt`), else "". */
  alt: string;
  /** The attachment's own caption (its excerpt), else "". */
  caption: string;
  parentId: string;
}

export interface PreparedContent {
  html: string;
  warnings: ContentWarning[];
  /** Attachments the content shows through a gallery. */
  usedAttachments: string[];
}

const BLOCK_TAGS =
  "table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|script|noscript|iframe|video|audio|object|embed";

/**
 * The sections read as they are (code, what is preformatted, scripts and styles, HTML comments), as
 * [start, end) offsets. One pass: an unclosed section runs to the end, as a browser reads it.
 */
function verbatimSections(text: string): [number, number][] {
  const lower = text.toLowerCase();
  const sections: [number, number][] = [];
  const opening = /<(pre|code|script|style)\b|<!--/g;
  for (let match = opening.exec(lower); match; match = opening.exec(lower)) {
    const closing = match[1] ? `</${match[1]}` : "-->";
    const at = lower.indexOf(closing, opening.lastIndex);
    const end = at < 0 ? text.length : match[1] ? lower.indexOf(">", at) + 1 || text.length : at + 3;
    sections.push([match.index, end]);
    opening.lastIndex = end;
  }
  return sections;
}

export function prepareWordPressContent(
  content: string,
  postId: string,
  attachments: ReadonlyMap<string, WordPressAttachment>,
): PreparedContent {
  const warnings = new Map<string, ContentWarning>();
  const used: string[] = [];
  const warn = (warning: ContentWarning) =>
    warnings.set(`${warning.message}:${JSON.stringify(warning.values ?? {})}`, warning);
  const text = content.replace(/\r\n?/g, "\n");
  const withShortcodes = outsideVerbatim(text, (part) => shortcodes(part, postId, attachments, warn, used));
  const html = /<!--\s*wp:/.test(text) ? withShortcodes : autop(withShortcodes);
  return { html, warnings: [...warnings.values()], usedAttachments: used };
}

/** `change` applied to the text between verbatim sections only. */
function outsideVerbatim(text: string, change: (part: string) => string): string {
  let out = "";
  let last = 0;
  for (const [start, end] of verbatimSections(text)) {
    out += change(text.slice(last, start)) + text.slice(start, end);
    last = end;
  }
  return out + change(text.slice(last));
}

/** A shortcode's attributes as WordPress reads them (`shortcode_parse_atts`): named, or by position. */
function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  let position = 0;
  const pattern =
    /([\w-]+)\s*=\s*"([^"]*)"|([\w-]+)\s*=\s*'([^']*)'|([\w-]+)\s*=\s*([^\s'"]+)|"([^"]*)"|'([^']*)'|(\S+)/g;
  for (const match of text.matchAll(pattern)) {
    const name = match[1] ?? match[3] ?? match[5];
    if (name) attributes[name.toLowerCase()] = match[2] ?? match[4] ?? match[6] ?? "";
    else attributes[String(position++)] = match[7] ?? match[8] ?? match[9] ?? "";
  }
  return attributes;
}

const ENCLOSING = new Set(["caption", "wp_caption", "embed", "video", "audio"]);

interface ShortcodeTag {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  /** `[[name]]`: a shortcode written as text. */
  escaped: boolean;
  selfClosed: boolean;
  rawAttributes: string;
}

/** Every shortcode tag, opening or closing, in order (attributes at most 4,000 characters, so the scan stays linear). */
function shortcodeTags(text: string): ShortcodeTag[] {
  const pattern = /\[(\[?)(\/?)([a-zA-Z][\w-]*)((?:\s[^\]]{0,4000}?)?)(\/?)\](\]?)/g;
  return [...text.matchAll(pattern)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    name: match[3]!,
    closing: match[2] === "/",
    escaped: match[1] === "[" && match[6] === "]",
    selfClosed: match[5] === "/",
    rawAttributes: match[4] ?? "",
  }));
}

function shortcodes(
  text: string,
  postId: string,
  attachments: ReadonlyMap<string, WordPressAttachment>,
  warn: (warning: ContentWarning) => void,
  used: string[],
): string {
  const tags = shortcodeTags(text);
  const closers = new Map<string, number[]>();
  for (const tag of tags) {
    if (!tag.closing || tag.escaped) continue;
    const starts = closers.get(tag.name);
    if (starts) starts.push(tag.start);
    else closers.set(tag.name, [tag.start]);
  }
  const closerAfter = (name: string, from: number) => {
    const starts = closers.get(name);
    if (!starts) return -1;
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! < from) low = middle + 1;
      else high = middle;
    }
    return low < starts.length ? starts[low]! : -1;
  };
  let out = "";
  let position = 0;
  for (const tag of tags) {
    if (tag.start < position || tag.closing) continue;
    out += text.slice(position, tag.start);
    if (tag.escaped) {
      out += text.slice(tag.start + 1, tag.end - 1);
      position = tag.end;
      continue;
    }
    let inner: string | undefined;
    let end = tag.end;
    const closer = tag.selfClosed ? -1 : closerAfter(tag.name, tag.end);
    if (closer >= 0) {
      inner = text.slice(tag.end, closer);
      end = closer + `[/${tag.name}]`.length;
    }
    out += shortcode(tag, inner, text.slice(tag.start, end), postId, attachments, warn, used);
    position = end;
  }
  return out + text.slice(position);
}

function shortcode(
  tag: ShortcodeTag,
  inner: string | undefined,
  whole: string,
  postId: string,
  attachments: ReadonlyMap<string, WordPressAttachment>,
  warn: (warning: ContentWarning) => void,
  used: string[],
): string {
  const lower = tag.name.toLowerCase();
  const attributes = shortcodeAttributes(tag.rawAttributes);
  if (inner !== undefined && !ENCLOSING.has(lower) && lower !== "gallery") {
    // An enclosing shortcode nobody here knows: its content is kept, its tags as text.
    warn({ message: "import.warn.shortcodeKept", values: { name: tag.name } });
    return whole;
  }
  switch (lower) {
    case "caption":
    case "wp_caption":
      return caption(inner ?? "", attributes);
    case "gallery":
      return gallery(attributes, postId, attachments, warn, used) + (inner ?? "");
    case "embed": {
      const url = (inner ?? attributes.src ?? "").trim();
      return url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` : "";
    }
    case "video":
    case "audio": {
      const url = ["src", "mp4", "m4v", "webm", "ogv", "mp3", "ogg", "wav", "m4a", "flv", "wmv"]
        .map((key) => attributes[key])
        .find((value) => value?.trim());
      return url ? `<p><a href="${escapeHtml(url.trim())}">${escapeHtml(url.trim())}</a></p>${inner ?? ""}` : whole;
    }
    default:
      // A bracketed word in prose ("[note]") is not worth a warning; a shortcode with settings is.
      if (tag.selfClosed || /=/.test(tag.rawAttributes) || /[_-]/.test(tag.name)) {
        warn({ message: "import.warn.shortcodeKept", values: { name: tag.name } });
      }
      return whole;
  }
}

/** `[caption]<img …> The caption[/caption]` (or `caption="…"`) → a figure with its caption. */
function caption(inner: string, attributes: Record<string, string>): string {
  const picture = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)/i.exec(inner);
  const media = picture?.[1] ?? "";
  const text = (attributes.caption ?? (picture ? inner.slice(picture[0].length) : inner)).trim();
  if (!media) return inner;
  return `<figure>${media}${text ? `<figcaption>${text}</figcaption>` : ""}</figure>`;
}

function gallery(
  attributes: Record<string, string>,
  postId: string,
  attachments: ReadonlyMap<string, WordPressAttachment>,
  warn: (warning: ContentWarning) => void,
  used: string[],
): string {
  const listed = (attributes.ids ?? attributes.include ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const excluded = new Set((attributes.exclude ?? "").split(",").map((id) => id.trim()));
  const ids = listed.length
    ? listed
    : [...attachments.values()].filter((one) => one.parentId === postId).map((one) => one.id);
  const missing = ids.filter((id) => !attachments.has(id));
  if (missing.length) warn({ message: "import.warn.galleryMissing", values: { ids: missing.join(", ") } });
  const pictures = ids
    .filter((id) => attachments.has(id) && !excluded.has(id))
    .map((id) => {
      const attachment = attachments.get(id)!;
      used.push(id);
      const img = `<img src="${escapeHtml(attachment.url)}" alt="${escapeHtml(attachment.alt)}">`;
      return attachment.caption
        ? `<figure>${img}<figcaption>${escapeHtml(attachment.caption)}</figcaption></figure>`
        : `<figure>${img}</figure>`;
    });
  return pictures.length ? `\n\n<div class="gallery">${pictures.join("")}</div>\n\n` : "";
}

/**
 * Where a verbatim section was taken out: its number between two NUL characters, which XML cannot carry, so no
 * export's text holds one.
 */
// eslint-disable-next-line no-control-regex -- the mark is made of a control character no text holds
const SECTION_MARK = /\u0000(\d+)\u0000/g;
// eslint-disable-next-line no-control-regex -- as above
const SECTION_MARK_ALONE = /^\u0000\d+\u0000$/;

/**
 * WordPress's `wpautop`: blank lines end paragraphs, single line ends are line breaks, block elements stand on
 * their own. Preformatted sections pass through untouched.
 */
function autop(text: string): string {
  if (!text.trim()) return "";
  const kept: string[] = [];
  let marked = "";
  let last = 0;
  for (const [start, end] of verbatimSections(text)) {
    const section = text.slice(start, end);
    kept.push(section);
    const mark = `\u0000${kept.length - 1}\u0000`;
    // A preformatted block or a comment stands apart; inline code stays in its line.
    marked += text.slice(last, start) + (/^<code/i.test(section) ? mark : `\n\n${mark}\n\n`);
    last = end;
  }
  marked += text.slice(last);
  const apart = marked
    .replace(new RegExp(`(<(?:${BLOCK_TAGS})[\\s/>])`, "gi"), "\n\n$1")
    .replace(new RegExp(`(</(?:${BLOCK_TAGS})\\s*>)`, "gi"), "$1\n\n");
  const blockStart = new RegExp(`^<\\/?(?:${BLOCK_TAGS})[\\s/>]`, "i");
  const paragraphs = apart
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      if (blockStart.test(chunk) || SECTION_MARK_ALONE.test(chunk)) return chunk;
      // A verbatim section that starts a paragraph is still read inside it (inline `<code>`).
      return `<p>${chunk.replace(/\n/g, "<br />\n")}</p>`;
    });
  return paragraphs.join("\n\n").replace(SECTION_MARK, (whole, index: string) => kept[Number(index)] ?? whole);
}

/**
 * A comment's stored HTML as plain text: paragraphs apart by a blank line, line breaks kept, a link as its text
 * followed by its address in parentheses (once, when the text is not the address itself).
 */
export function commentText(html: string): string {
  // Nested past what any comment is: kept as written rather than read.
  if (htmlDepth(html, MAX_HTML_DEPTH) > MAX_HTML_DEPTH) return html.trim();
  const tree = fromHtml(autop(html.replace(/\r\n?/g, "\n")), { fragment: true });
  const blocks: string[] = [];
  let line = "";
  const endBlock = () => {
    const text = line
      .split("\n")
      .map((one) => one.replace(/ +/g, " ").trim())
      .join("\n")
      .trim();
    if (text) blocks.push(text);
    line = "";
  };
  const BLOCKS = new RegExp(`^(?:${BLOCK_TAGS})$`);
  const visit = (nodes: readonly (ElementContent | RootContent)[], depth: number) => {
    for (const node of nodes) {
      if (node.type === "text") line += node.value.replace(/[ \t\n\r\f]+/g, " ");
      else if (node.type === "element" && depth < 64) {
        if (node.tagName === "script" || node.tagName === "style") continue;
        if (node.tagName === "br") line += "\n";
        else if (BLOCKS.test(node.tagName)) {
          endBlock();
          visit(node.children, depth + 1);
          endBlock();
        } else if (node.tagName === "a") link(node, depth);
        else visit(node.children, depth + 1);
      }
    }
  };
  const link = (node: Element, depth: number) => {
    const before = line;
    visit(node.children, depth + 1);
    const text = line.slice(before.length).trim();
    const href = typeof node.properties.href === "string" ? node.properties.href.trim() : "";
    if (href && text !== href) line += text ? ` (${href})` : href;
  };
  visit(tree.children, 0);
  endBlock();
  return blocks.join("\n\n");
}
