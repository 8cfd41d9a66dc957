/**
 * Markdown → sanitised HTML, table of contents, search sections and reading
 * stats (server only).
 *
 * Pipeline (one frozen unified processor per locale, built on first use):
 *
 *   remark-parse → remark-gfm → remark-frontmatter (ignored) → remark-rehype
 *   → rehype-raw (parse inline HTML) → rehype-sanitize (GitHub-like schema)
 *   ── everything below is trusted: its output is not sanitised again ──
 *   → shiki highlighting → heading ids (rehype-slug, ZWNJ-aware)
 *   → heading anchors (rehype-autolink-headings) → in-page link fix-up
 *   → code/pre/block `dir` attributes → <bdi> wrapping of mixed-direction runs
 *
 * Per-call options (image sizes, site origin) are applied to the tree after
 * `run`, then the tree is stringified and TOC/sections/text are read from it.
 */
import type { Element, ElementContent, Properties, Root, RootContent, Text } from "hast";
import rehypeAutolinkHeadings from "rehype-autolink-headings";
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import type { Highlighter } from "shiki";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { getHighlighter, rehypeHighlight } from "./highlighter.server";

export { getHighlighter } from "./highlighter.server";

export type MarkdownLocale = "fa" | "en";

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
  children: TocEntry[];
}

export interface RenderedSection {
  /** Heading text ("" for the text before the first h2/h3). */
  heading: string;
  /** Heading id ("" for the text before the first h2/h3). */
  anchor: string;
  text: string;
}

export interface RenderedMarkdown {
  /** Sanitised HTML of the body. */
  html: string;
  /** h2 entries with their h3 children (an h3 before any h2 is a top-level entry). */
  toc: TocEntry[];
  /** Plain text per h2/h3 section, for the search index. */
  sections: RenderedSection[];
  /** Whole plain text, one line per block. */
  text: string;
  /** Words of prose (code blocks excluded). */
  words: number;
  /** At least 1, at ~200 words per minute. */
  readingMinutes: number;
}

export interface RenderMarkdownOptions {
  locale: MarkdownLocale;
  /** Intrinsic size of an image, by its URL as written (percent-escapes decoded). */
  imageSize?: (src: string) => { width: number; height: number } | undefined;
  /**
   * Origin of the site ("https://example.com"). Absolute links to it are not
   * treated as external. Without it every absolute http(s) link is external.
   */
  siteOrigin?: string;
}

export const WORDS_PER_MINUTE = 200;

// ---------------------------------------------------------------------------
// Sanitising
// ---------------------------------------------------------------------------

/**
 * GitHub's schema (what hast-util-sanitize ships), plus a few harmless inline
 * and figure tags, and with the contents of dangerous elements dropped rather
 * than unwrapped (otherwise `<style>` would leave its CSS as visible text).
 * Ids and names get the `user-content-` prefix against DOM clobbering.
 */
export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    "abbr",
    "bdi",
    "bdo",
    "cite",
    "dfn",
    "figcaption",
    "figure",
    "mark",
    "small",
    "time",
    "u",
  ],
  strip: [
    "script",
    "style",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "noscript",
    "noembed",
    "noframes",
    "template",
    "textarea",
    "title",
    "xmp",
    "plaintext",
    "svg",
    "math",
    "select",
    "button",
  ],
};

const CLOBBER_PREFIX = sanitizeSchema.clobberPrefix ?? "user-content-";

// ---------------------------------------------------------------------------
// Small hast helpers
// ---------------------------------------------------------------------------

const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

function hasClass(node: Element, name: string): boolean {
  const c = node.properties.className;
  return Array.isArray(c) ? c.includes(name) : c === name;
}

function isElement(node: unknown, tagName?: string): node is Element {
  return (
    typeof node === "object" &&
    node !== null &&
    (node as { type?: unknown }).type === "element" &&
    (tagName === undefined || (node as Element).tagName === tagName)
  );
}

/** The footnotes section's visually hidden "Footnotes" h2 (not a real heading). */
function isFootnoteLabel(node: Element): boolean {
  return node.tagName === "h2" && hasClass(node, "sr-only");
}

/** Elements whose text is not part of the readable content. */
function isDecoration(node: Element): boolean {
  return (
    (node.tagName === "a" &&
      (hasClass(node, "heading-anchor") ||
        node.properties.dataFootnoteRef !== undefined ||
        node.properties.dataFootnoteBackref !== undefined)) ||
    isFootnoteLabel(node)
  );
}

function collapse(text: string): string {
  // \s does not match ZWNJ/ZWJ (U+200C/U+200D), so they survive.
  return text.replace(/\s+/g, " ").trim();
}

/** Heading text without its "#" anchor. */
function headingText(node: Element): string {
  let out = "";
  const walk = (n: ElementContent): void => {
    if (n.type === "text") out += n.value;
    else if (n.type === "element" && !isDecoration(n)) n.children.forEach(walk);
  };
  node.children.forEach(walk);
  return collapse(out);
}

// ---------------------------------------------------------------------------
// Heading ids: rehype-slug, made ZWNJ-aware
// ---------------------------------------------------------------------------

const ZWNJ = "\u200C";

/**
 * rehype-slug (github-slugger) silently deletes ZWNJ, which glues Persian
 * words together ("می‌خواهم" → "میخواهم"). This wrapper shows rehype-slug a
 * ZWNJ as "-" ("می-خواهم") and restores the heading text afterwards. ZWJ is
 * dropped from ids (letters join either way, so the id reads the same).
 * Everything else is rehype-slug: GitHub-compatible, unique per page
 * ("x", "x-1", …), deterministic.
 */
function rehypeSlugZwnj() {
  const slug = rehypeSlug();
  return (tree: Root): undefined => {
    const changed: [Text, string][] = [];
    visit(tree, "element", (node) => {
      if (!HEADING_TAGS.has(node.tagName) || node.properties.id) return;
      visit(node, "text", (text) => {
        if (!text.value.includes(ZWNJ)) return;
        changed.push([text, text.value]);
        text.value = text.value.replaceAll(ZWNJ, "-");
      });
      return "skip";
    });
    slug(tree);
    for (const [text, value] of changed) text.value = value;
  };
}

// ---------------------------------------------------------------------------
// In-page links to sanitised ids
// ---------------------------------------------------------------------------

/**
 * The sanitiser prefixes ids (`fn-1` → `user-content-fn-1`, also ids written
 * in raw HTML) but not the `#fn-1` links pointing at them. Re-point such links
 * when only the prefixed id exists.
 */
function rehypeFixFragmentLinks() {
  return (tree: Root): undefined => {
    const ids = new Set<string>();
    visit(tree, "element", (node) => {
      if (typeof node.properties.id === "string") ids.add(node.properties.id);
    });
    visit(tree, "element", (node) => {
      const href = node.properties.href;
      if (node.tagName !== "a" || typeof href !== "string" || !href.startsWith("#")) return;
      let target = href.slice(1);
      try {
        target = decodeURIComponent(target);
      } catch {
        // keep as written
      }
      if (!ids.has(target) && ids.has(CLOBBER_PREFIX + target)) {
        node.properties.href = `#${CLOBBER_PREFIX}${encodeURIComponent(target)}`;
      }
    });
  };
}

// ---------------------------------------------------------------------------
// Direction: dir attributes
// ---------------------------------------------------------------------------

/** Blocks holding prose: they get `dir="auto"` and <bdi> wrapping inside. */
const PROSE_BLOCKS = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "blockquote",
  "td",
  "th",
  "figcaption",
  "summary",
  "dt",
  "dd",
  "caption",
]);

function rehypeDirection(localeDir: Dir) {
  return (tree: Root): undefined => {
    visit(tree, "element", (node, _index, parent) => {
      if (node.tagName === "pre") {
        node.properties.dir = "ltr";
        if (typeof node.properties.dataLanguage !== "string") node.properties.dataLanguage = "plaintext";
        return "skip";
      }
      if (node.tagName === "code") {
        if (!isElement(parent, "pre")) node.properties.dir = "ltr";
        return "skip";
      }
      if (PROSE_BLOCKS.has(node.tagName) && node.properties.dir === undefined) {
        node.properties.dir = "auto";
      }
    });
    visit(tree, "element", (node) => {
      if (node.tagName === "pre" || node.tagName === "code") return "skip";
      if (PROSE_BLOCKS.has(node.tagName)) isolateRuns(node, localeDir);
    });
  };
}

// ---------------------------------------------------------------------------
// Direction: <bdi> around runs of the other direction
// ---------------------------------------------------------------------------
//
// Within a prose block, the block's own direction is the page locale's
// direction, unless letters of the other direction outnumber the locale's
// letters more than two to one (an English paragraph quoted in a Persian
// post is an LTR block, and the Persian words inside it get wrapped).
//
// A run starts and ends with a strong letter of the other direction and may
// hold spaces, digits, punctuation, inline code and inline elements without
// letters of the block's direction. Then, at its edges:
//   - digits/marks/"+"/"#" glued to the last letter are kept ("ES2024", "C++",
//     "C#"), and so is one spaced number right after it ("React Router 8",
//     "Node 24.1"): Unicode's bidi algorithm already puts such a number in the
//     run (rule W7 after Latin, W2 after Arabic script), so the isolate shows
//     what a reader expects and keeps it away from the surrounding text;
//   - digits and ".#@$" glued to the first letter are kept (".NET", "3D");
//   - sentence punctuation is never included (the final "." belongs to the
//     sentence);
//   - a run never splits a word: if a run edge is glued to a letter of the
//     block's direction (e.g. "APIها", or "API‌ها" with ZWNJ), the run is
//     shrunk to the previous/next space, and dropped if nothing is left. Such
//     mixed-script words are left to the browser's bidi algorithm.
// Text is never changed (ZWNJ/ZWJ untouched) and nothing is inserted inside
// code, pre, kbd, samp or existing bdi/bdo. Runs made only of inline code are
// not wrapped: inline code is already isolated by its dir="ltr".

type Dir = "ltr" | "rtl";

const RTL_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const LETTER = /\p{L}/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}\u200C\u200D]/u;
const GLUED_AFTER = /[\p{Nd}\p{M}+#]/u;
const GLUED_BEFORE = /[\p{Nd}\p{M}.#@$]/u;
const SPACED_NUMBER = /^[ \u00A0]+\p{Nd}+(?:[.,:/-]\p{Nd}+)*/u;
const SPACE = /\s/u;

function letterDir(ch: string): Dir | null {
  if (!LETTER.test(ch)) return null;
  return RTL_LETTER.test(ch) ? "rtl" : "ltr";
}

/** Inline elements a run may cross; anything else breaks runs. */
const INLINE_TAGS = new Set([
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "cite",
  "code",
  "data",
  "del",
  "dfn",
  "em",
  "i",
  "img",
  "input",
  "ins",
  "kbd",
  "mark",
  "q",
  "s",
  "samp",
  "small",
  "span",
  "strike",
  "strong",
  "sub",
  "sup",
  "time",
  "tt",
  "u",
  "var",
]);
/** Inline elements never entered (no <bdi> inside them). */
const OPAQUE_TAGS = new Set(["code", "kbd", "samp", "bdi", "bdo"]);

interface LetterCount {
  ltr: number;
  rtl: number;
}

/** Letters by direction in an inline subtree; inline code counts as LTR only when `codeAsLtr`. */
function countLetters(node: ElementContent, count: LetterCount, codeAsLtr: boolean): void {
  if (node.type === "text") {
    for (const ch of node.value) {
      const d = letterDir(ch);
      if (d) count[d]++;
    }
  } else if (node.type === "element") {
    if (!INLINE_TAGS.has(node.tagName) || isDecoration(node)) return;
    if (node.tagName === "code") {
      if (codeAsLtr) count.ltr++;
      return;
    }
    const explicit = node.properties.dir;
    if (explicit === "ltr" || explicit === "rtl") {
      count[explicit]++;
      return;
    }
    for (const child of node.children) countLetters(child, count, codeAsLtr);
  }
}

/** Unit of an inline sequence: one character of a text child, or a whole child. */
interface Unit {
  child: number;
  /** UTF-16 offset in the text child; -1 for a whole element. */
  offset: number;
  end: number;
  /** "base": letter of the block's direction; "other": of the other one; "code": inline code. */
  kind: "base" | "other" | "neutral" | "code" | "break";
}

function isolateRuns(block: Element, localeDir: Dir): void {
  const count: LetterCount = { ltr: 0, rtl: 0 };
  for (const child of block.children) countLetters(child, count, false);
  if (count.ltr === 0 && count.rtl === 0) return;
  const otherOfLocale: Dir = localeDir === "rtl" ? "ltr" : "rtl";
  const base: Dir = count[otherOfLocale] > 2 * count[localeDir] ? otherOfLocale : localeDir;
  wrapRuns(block, base);
}

function wrapRuns(parent: Element, base: Dir): void {
  const other: Dir = base === "rtl" ? "ltr" : "rtl";
  const units: Unit[] = [];
  const mixed: Element[] = [];

  parent.children.forEach((child, i) => {
    if (child.type === "text") {
      let offset = 0;
      for (const ch of child.value) {
        const d = letterDir(ch);
        units.push({
          child: i,
          offset,
          end: offset + ch.length,
          kind: d === null ? "neutral" : d === base ? "base" : "other",
        });
        offset += ch.length;
      }
      return;
    }
    if (child.type !== "element") return; // comments
    if (!INLINE_TAGS.has(child.tagName) || child.tagName === "br") {
      units.push({ child: i, offset: -1, end: -1, kind: "break" });
      return;
    }
    if (child.tagName === "code") {
      units.push({ child: i, offset: -1, end: -1, kind: other === "ltr" ? "code" : "base" });
      return;
    }
    const count: LetterCount = { ltr: 0, rtl: 0 };
    countLetters(child, count, true);
    if (count[base] > 0) {
      // Holds text of the block's direction: a boundary here; look inside it.
      units.push({ child: i, offset: -1, end: -1, kind: "base" });
      if (!OPAQUE_TAGS.has(child.tagName) && child.properties.dir === undefined) mixed.push(child);
    } else {
      units.push({ child: i, offset: -1, end: -1, kind: count[other] > 0 ? "other" : "neutral" });
    }
  });

  const runs = findRuns(parent, units);
  // Apply from the last run backwards so earlier child indexes stay valid.
  for (let r = runs.length - 1; r >= 0; r--) {
    const run = runs[r]!;
    applyRun(parent, units[run[0]]!, units[run[1]]!);
  }
  for (const child of mixed) wrapRuns(child, base);
}

function textOf(parent: Element, unit: Unit): string {
  const node = parent.children[unit.child];
  return node?.type === "text" ? node.value : "";
}

/** Pairs of unit indexes [first, last] to wrap. */
function findRuns(parent: Element, units: Unit[]): [number, number][] {
  const runs: [number, number][] = [];
  let i = 0;
  while (i < units.length) {
    if (units[i]!.kind !== "other" && units[i]!.kind !== "code") {
      i++;
      continue;
    }
    const start = i;
    let last = i;
    let hasOther = units[i]!.kind === "other";
    let j = i + 1;
    for (; j < units.length; j++) {
      const kind = units[j]!.kind;
      if (kind === "base" || kind === "break") break;
      if (kind === "other" || kind === "code") {
        last = j;
        if (kind === "other") hasOther = true;
      }
    }
    i = j;
    if (!hasOther) continue; // only inline code: already isolated
    const adjusted = adjustRun(parent, units, start, last);
    if (adjusted) runs.push(adjusted);
  }
  return runs;
}

/** Apply the edge rules (glued digits, spaced number, whole words); null if nothing is left. */
function adjustRun(parent: Element, units: Unit[], start: number, last: number): [number, number] | null {
  const sameText = (a: number, b: number) =>
    units[a]!.offset >= 0 && units[b]!.offset >= 0 && units[a]!.child === units[b]!.child;
  const charAt = (k: number) => {
    const u = units[k]!;
    return textOf(parent, u).slice(u.offset, u.end);
  };

  // Extend the end over glued digits/marks/+/#, then over one spaced number.
  if (units[last]!.offset >= 0) {
    while (last + 1 < units.length && sameText(last, last + 1) && GLUED_AFTER.test(charAt(last + 1))) last++;
    const u = units[last]!;
    const rest = textOf(parent, u).slice(u.end);
    const m = SPACED_NUMBER.exec(rest);
    if (m && !WORD_CHAR.test(rest.charAt(m[0].length))) {
      const endOffset = u.end + m[0].length;
      while (last + 1 < units.length && sameText(last, last + 1) && units[last + 1]!.end <= endOffset) last++;
    }
  }
  // Extend the start over glued digits/marks/./#/@/$.
  if (units[start]!.offset >= 0) {
    while (start > 0 && sameText(start - 1, start) && GLUED_BEFORE.test(charAt(start - 1))) start--;
  }

  const isStrongOther = (k: number) => units[k]!.kind === "other" || units[k]!.kind === "code";
  const gluedBefore = (k: number) => k > 0 && sameText(k - 1, k) && WORD_CHAR.test(charAt(k - 1));
  const gluedAfter = (k: number) => k + 1 < units.length && sameText(k, k + 1) && WORD_CHAR.test(charAt(k + 1));

  // Never split a word: shrink past the glued word, to the next strong unit.
  while (start <= last && gluedBefore(start)) {
    let k = start;
    while (k <= last && !(units[k]!.offset >= 0 && SPACE.test(charAt(k)))) k++;
    while (k <= last && !isStrongOther(k)) k++;
    start = k;
  }
  while (last >= start && gluedAfter(last)) {
    let k = last;
    while (k >= start && !(units[k]!.offset >= 0 && SPACE.test(charAt(k)))) k--;
    while (k >= start && !isStrongOther(k)) k--;
    last = k;
  }
  if (start > last) return null;
  for (let k = start; k <= last; k++) if (units[k]!.kind === "other") return [start, last];
  return null;
}

function applyRun(parent: Element, first: Unit, last: Unit): void {
  const children = parent.children;
  const inner: ElementContent[] = [];
  const before: ElementContent[] = [];
  const after: ElementContent[] = [];

  for (let i = first.child; i <= last.child; i++) {
    const node = children[i]!;
    if (node.type !== "text") {
      inner.push(node);
      continue;
    }
    const from = i === first.child && first.offset >= 0 ? first.offset : 0;
    const to = i === last.child && last.offset >= 0 ? last.end : node.value.length;
    if (from > 0) before.push({ type: "text", value: node.value.slice(0, from) });
    inner.push({ type: "text", value: node.value.slice(from, to) });
    if (to < node.value.length) after.push({ type: "text", value: node.value.slice(to) });
  }
  const bdi: Element = { type: "element", tagName: "bdi", properties: {}, children: inner };
  children.splice(first.child, last.child - first.child + 1, ...before, bdi, ...after);
}

// ---------------------------------------------------------------------------
// Processor
// ---------------------------------------------------------------------------

const LOCALE_DIR: Record<MarkdownLocale, Dir> = { fa: "rtl", en: "ltr" };

const LABELS: Record<
  MarkdownLocale,
  { footnotes: string; backref: (i: number, r: number) => string; anchor: (t: string) => string }
> = {
  fa: {
    footnotes: "پانوشت‌ها",
    backref: (i, r) => `بازگشت به ارجاع ${i + 1}${r > 1 ? `-${r}` : ""}`,
    anchor: (t) => `پیوند به بخش «${t}»`,
  },
  en: {
    footnotes: "Footnotes",
    backref: (i, r) => `Back to reference ${i + 1}${r > 1 ? `-${r}` : ""}`,
    anchor: (t) => `Link to section “${t}”`,
  },
};

function buildProcessor(locale: MarkdownLocale, highlighter: Highlighter) {
  const labels = LABELS[locale];
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkFrontmatter, ["yaml"])
    .use(remarkRehype, {
      allowDangerousHtml: true,
      // The sanitiser adds the prefix; adding it here too would double it.
      clobberPrefix: "",
      footnoteLabel: labels.footnotes,
      footnoteBackLabel: labels.backref,
    })
    .use(rehypeRaw)
    .use(rehypeSanitize, sanitizeSchema)
    .use(() => rehypeHighlight(highlighter))
    .use(rehypeSlugZwnj)
    .use(rehypeAutolinkHeadings, {
      behavior: "append",
      test: (node: Element) => !isFootnoteLabel(node),
      properties: (node: Readonly<Element>): Properties => ({
        className: ["heading-anchor"],
        ariaLabel: labels.anchor(headingText(node as Element)),
      }),
      content: {
        type: "element",
        tagName: "span",
        properties: { ariaHidden: "true" },
        children: [{ type: "text", value: "#" }],
      },
    })
    .use(rehypeFixFragmentLinks)
    .use(() => rehypeDirection(LOCALE_DIR[locale]))
    .use(rehypeStringify)
    .freeze();
}

type MarkdownProcessor = ReturnType<typeof buildProcessor>;

const processors = new Map<MarkdownLocale, Promise<MarkdownProcessor>>();

function getProcessor(locale: MarkdownLocale): Promise<MarkdownProcessor> {
  let processor = processors.get(locale);
  if (!processor) {
    processor = getHighlighter().then((highlighter) => buildProcessor(locale, highlighter));
    processor.catch(() => processors.delete(locale));
    processors.set(locale, processor);
  }
  return processor;
}

// ---------------------------------------------------------------------------
// Per-call tree changes: images and links
// ---------------------------------------------------------------------------

function decode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function isExternal(href: string, siteHost: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(href, "http://relative.invalid");
  } catch {
    return false;
  }
  if (!/^https?:\/\//i.test(href) && !href.startsWith("//")) return false;
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  return siteHost === undefined || url.host !== siteHost;
}

function applyPerCallOptions(tree: Root, opts: RenderMarkdownOptions): void {
  let siteHost: string | undefined;
  if (opts.siteOrigin) {
    try {
      siteHost = new URL(opts.siteOrigin).host;
    } catch {
      siteHost = undefined;
    }
  }
  visit(tree, "element", (node) => {
    if (node.tagName === "img") {
      node.properties.loading = "lazy";
      node.properties.decoding = "async";
      const src = node.properties.src;
      if (
        opts.imageSize &&
        typeof src === "string" &&
        node.properties.width === undefined &&
        node.properties.height === undefined
      ) {
        const size = opts.imageSize(decode(src));
        if (size && size.width > 0 && size.height > 0) {
          node.properties.width = Math.round(size.width);
          node.properties.height = Math.round(size.height);
        }
      }
    } else if (node.tagName === "a") {
      const href = node.properties.href;
      if (typeof href === "string" && isExternal(href, siteHost)) {
        node.properties.rel = ["noopener", "noreferrer"];
        node.properties.target = "_blank";
      }
    }
  });
}

// ---------------------------------------------------------------------------
// Reading the result: TOC, sections, text, words
// ---------------------------------------------------------------------------

/** Elements after which plain text gets a line break. */
const TEXT_BLOCKS = new Set([
  ...PROSE_BLOCKS,
  "pre",
  "div",
  "section",
  "details",
  "table",
  "tr",
  "ul",
  "ol",
  "dl",
  "figure",
  "hr",
  "br",
]);

function extract(tree: Root): Omit<RenderedMarkdown, "html"> {
  const toc: TocEntry[] = [];
  const all: string[] = [];
  const prose: string[] = [];
  const sections: { heading: string; anchor: string; parts: string[] }[] = [
    { heading: "", anchor: "", parts: [] },
  ];
  let current = sections[0]!;

  const walk = (node: RootContent | ElementContent, inPre: boolean): void => {
    if (node.type === "text") {
      all.push(node.value);
      current.parts.push(node.value);
      if (!inPre) prose.push(node.value);
      return;
    }
    if (node.type !== "element" || isDecoration(node)) return;
    if ((node.tagName === "h2" || node.tagName === "h3") && typeof node.properties.id === "string") {
      const text = headingText(node);
      const entry: TocEntry = { id: node.properties.id, text, depth: node.tagName === "h2" ? 2 : 3, children: [] };
      const parentEntry = toc.at(-1);
      if (entry.depth === 3 && parentEntry?.depth === 2) parentEntry.children.push(entry);
      else toc.push(entry);
      current = { heading: text, anchor: entry.id, parts: [] };
      sections.push(current);
      all.push("\n", text, "\n");
      prose.push("\n", text, "\n");
      return;
    }
    const pre = inPre || node.tagName === "pre";
    for (const child of node.children) walk(child, pre);
    if (TEXT_BLOCKS.has(node.tagName)) {
      all.push("\n");
      current.parts.push("\n");
      if (!pre) prose.push("\n");
    }
  };
  for (const child of tree.children) walk(child, false);

  const lines = (parts: string[]) =>
    parts
      .join("")
      .split("\n")
      .map(collapse)
      .filter(Boolean)
      .join("\n");

  const text = lines(all);
  const words = lines(prose)
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

  const out: RenderedSection[] = sections
    .map((s) => ({ heading: s.heading, anchor: s.anchor, text: lines(s.parts) }))
    // The untitled first section only when there is text before the first heading.
    .filter((s, i) => i > 0 || s.text !== "");

  return {
    toc,
    sections: out,
    text,
    words,
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
  };
}

// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

/**
 * Render a markdown body (front matter already removed; a leading YAML block
 * would be ignored anyway) to sanitised HTML plus TOC, search sections and
 * reading stats. The first call creates the shiki highlighter (~0.3–1 s);
 * later calls reuse it and the per-locale processor.
 */
export async function renderMarkdown(markdown: string, opts: RenderMarkdownOptions): Promise<RenderedMarkdown> {
  const processor = await getProcessor(opts.locale);
  const tree = await processor.run(processor.parse(markdown));
  applyPerCallOptions(tree, opts);
  const html = processor.stringify(tree);
  return { html, ...extract(tree) };
}
