/**
 * HTML pasted from a web page, Google Docs or Microsoft Word, made into what a writer of markdown would have typed:
 * headings, lists (nested), links, images, bold, italic, struck and code text, quotes, code blocks and tables are
 * kept; styles, classes, fonts, empty spans, comments, scripts and the word processors' own markup go. Text is
 * never changed (Persian letters, ZWNJ and digits stay as they were pasted). Loaded on the first paste of HTML
 * (./rich-editor.tsx); the editor's schema then reads the result.
 */

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
  "SCRIPT",
  "STYLE",
  "META",
  "LINK",
  "TITLE",
  "HEAD",
  "NOSCRIPT",
  "TEMPLATE",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "SVG",
  "CANVAS",
  "BUTTON",
  "INPUT",
  "SELECT",
  "TEXTAREA",
  "COLGROUP",
  "COL",
  // Word's paragraph ends (`<o:p>&nbsp;</o:p>`) and the rest of its own namespaces.
  "O:P",
  "XML",
]);

/** Elements kept, each with the attributes it may keep. */
const KEPT: Record<string, string[]> = {
  P: [],
  H1: [],
  H2: [],
  H3: [],
  H4: [],
  H5: [],
  H6: [],
  UL: [],
  OL: ["start"],
  LI: [],
  BLOCKQUOTE: [],
  PRE: [],
  CODE: [],
  A: ["href", "title"],
  IMG: ["src", "alt", "title"],
  STRONG: [],
  EM: [],
  S: [],
  BR: [],
  HR: [],
  TABLE: [],
  THEAD: [],
  TBODY: [],
  TR: [],
  TH: [],
  TD: [],
};

/** Elements renamed to the one markdown has. */
const RENAMED: Record<string, string> = { B: "STRONG", I: "EM", DEL: "S", STRIKE: "S", KBD: "CODE", TT: "CODE" };

/** Elements whose children are blocks of their own (unwrapped), or a paragraph when they hold only text. */
const CONTAINERS = new Set([
  "DIV",
  "SECTION",
  "ARTICLE",
  "MAIN",
  "HEADER",
  "FOOTER",
  "NAV",
  "ASIDE",
  "FIGURE",
  "FIGCAPTION",
  "CENTER",
  "DL",
  "DT",
  "DD",
  "ADDRESS",
  "DETAILS",
  "SUMMARY",
  "CAPTION",
]);

const INLINE = new Set(["A", "IMG", "STRONG", "EM", "S", "BR", "CODE"]);
const BLOCKS = new Set([...Object.keys(KEPT).filter((tag) => !INLINE.has(tag)), ...CONTAINERS]);

const HEADING = /^H[1-6]$/;

/** An address a pasted link or image may keep: the web's, the site's own paths, a part of the page, mail. */
function allowed(address: string | null, image: boolean): boolean {
  if (!address) return false;
  if (/^(https?:)?\/\//i.test(address) || /^[/#?]/.test(address)) return true;
  return !image && /^mailto:/i.test(address);
}

function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag);
  for (const name of KEPT[tag.toUpperCase()] ?? []) {
    const value = element.getAttribute(name);
    if (value !== null) renamed.setAttribute(name, value);
  }
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
  return renamed;
}

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes);
}

/** The marks an element's style stands for: Google Docs' and Word's spans say bold and italic this way. */
function marksOf(element: HTMLElement, inHeading: boolean): string[] {
  const style = element.style;
  const marks: string[] = [];
  const weight = style.fontWeight;
  if (!inHeading && (weight === "bold" || weight === "bolder" || Number(weight) >= 600)) marks.push("STRONG");
  if (style.fontStyle === "italic") marks.push("EM");
  if (/line-through/.test(style.textDecoration || style.textDecorationLine)) marks.push("S");
  if (/\b(mono|monospace|courier|consolas|menlo)\b/i.test(style.fontFamily)) marks.push("CODE");
  return marks;
}

/** An inline element that is not kept: its children stay, in the marks its style stood for. */
function replaceInline(element: HTMLElement, inHeading: boolean): void {
  const marks = marksOf(element, inHeading);
  if (marks.length === 0 || !element.textContent) {
    unwrap(element);
    return;
  }
  const document = element.ownerDocument;
  const outer = document.createElement(marks[0]!);
  let inner = outer;
  for (const mark of marks.slice(1)) inner = inner.appendChild(document.createElement(mark));
  inner.append(...element.childNodes);
  element.replaceWith(outer);
}

function cleanElement(element: HTMLElement, inHeading: boolean): void {
  let tag = element.tagName.toUpperCase();
  if (tag in RENAMED) {
    // Google Docs wraps what is copied in `<b style="font-weight:normal">`: a bold that is not bold.
    const plain =
      (tag === "B" && /^(normal|lighter|[1-4]00)$/.test(element.style.fontWeight)) ||
      (tag === "I" && element.style.fontStyle === "normal");
    if (plain || (inHeading && tag === "B")) {
      unwrap(element);
      return;
    }
    element = rename(element, RENAMED[tag]!) as HTMLElement;
    tag = element.tagName;
  }
  if (inHeading && tag === "STRONG") {
    unwrap(element);
    return;
  }
  if (CONTAINERS.has(tag)) {
    const holdsBlocks = [...element.children].some((child) => BLOCKS.has(child.tagName.toUpperCase()));
    if (holdsBlocks || !element.textContent?.trim()) unwrap(element);
    else rename(element, "P");
    return;
  }
  const attributes = KEPT[tag];
  if (!attributes) {
    replaceInline(element, inHeading);
    return;
  }
  if (tag === "A" && !allowed(element.getAttribute("href"), false)) {
    unwrap(element);
    return;
  }
  if (tag === "IMG" && !allowed(element.getAttribute("src"), true)) {
    element.remove();
    return;
  }
  // A code block's language is the one class kept.
  const language = tag === "CODE" ? /\blanguage-[\w+#-]+/.exec(element.className)?.[0] : undefined;
  for (const name of element.getAttributeNames()) if (!attributes.includes(name)) element.removeAttribute(name);
  if (language) element.className = language;
}

function clean(node: Node, inHeading: boolean): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === 8 /* comment */) {
      child.remove();
      continue;
    }
    if (child.nodeType !== 1 /* element */) continue;
    const element = child as HTMLElement;
    if (DROPPED.has(element.tagName.toUpperCase())) {
      element.remove();
      continue;
    }
    const heading = inHeading || HEADING.test(element.tagName);
    clean(element, heading);
    cleanElement(element, heading);
  }
}

// ── Word's lists ──────────────────────────────────────────────────────────────

/**
 * A Word list paragraph's list, its level (1 at the top) and whether its marker is a number or letter; null when
 * it is not one.
 */
function wordListItem(element: Element | null): { list: string; level: number; ordered: boolean } | null {
  if (element?.tagName !== "P") return null;
  const style = element.getAttribute("style") ?? "";
  const level = /mso-list:\s*(l\d+)\s+level(\d+)/i.exec(style);
  if (!level) return null;
  const marker = element.querySelector('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]');
  const text = (marker?.textContent ?? "").replace(/\s|\u00A0/g, "");
  return { list: level[1]!, level: Number(level[2]), ordered: /^\(?[\p{Nd}\p{L}]{1,4}[.)-]/u.test(text) };
}

/** Word writes a list as paragraphs with `mso-list` styles, their markers as text: made into nested lists. */
function wordLists(root: Element): void {
  for (const paragraph of [...root.querySelectorAll("p")]) {
    const first = wordListItem(paragraph);
    if (!paragraph.isConnected || !first) continue;
    if (wordListItem(paragraph.previousElementSibling)?.list === first.list) continue;
    // The first of a run of paragraphs of one list: the run becomes that list.
    const run: Element[] = [];
    for (let at: Element | null = paragraph; wordListItem(at)?.list === first.list; at = at!.nextElementSibling)
      run.push(at!);
    const document = root.ownerDocument;
    const stack: Element[] = [];
    let top: Element | null = null;
    for (const item of run) {
      const { level, ordered } = wordListItem(item)!;
      while (stack.length > level) stack.pop();
      while (stack.length < level) {
        const list = document.createElement(ordered ? "ol" : "ul");
        const holder = stack.at(-1)?.lastElementChild;
        if (holder) holder.append(list);
        else if (stack.length) stack.at(-1)!.append(document.createElement("li"), list);
        else top = list;
        stack.push(list);
      }
      for (const marker of item.querySelectorAll('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]'))
        marker.remove();
      const li = document.createElement("li");
      li.append(...item.childNodes);
      stack.at(-1)!.append(li);
    }
    run[0]!.before(top!);
    for (const item of run) item.remove();
  }
}

// ── What is left after cleaning ─────────────────────────────────────────────

/** A list directly inside a list (Google Docs nests them so) belongs to the item before it. */
function nestLists(root: Element): void {
  for (const list of [...root.querySelectorAll("ul > ul, ul > ol, ol > ul, ol > ol")]) {
    const item = list.previousElementSibling;
    if (item?.tagName === "LI") item.append(list);
    else {
      const holder = root.ownerDocument.createElement("li");
      list.replaceWith(holder);
      holder.append(list);
    }
  }
}

const isEmpty = (element: Element) =>
  !element.querySelector("img, hr") && !(element.textContent ?? "").replace(/[\s\u00A0]/g, "");

/** Empty paragraphs and headings (a word processor's spacing), line breaks between blocks, a row of headers. */
function tidy(root: HTMLElement): void {
  for (const br of [...root.querySelectorAll("br")]) {
    // Between blocks (Google Docs' empty lines) or at a block's end, a line break breaks no line.
    const parent = br.parentElement!;
    const next = br.nextSibling;
    const last = !next || (next.nodeType === 3 && !next.textContent?.trim() && !next.nextSibling);
    if (last || parent === root || ["UL", "OL", "BLOCKQUOTE", "TABLE", "TR"].includes(parent.tagName)) br.remove();
  }
  for (const block of [...root.querySelectorAll("p, h1, h2, h3, h4, h5, h6, li, strong, em, s, code, a")]) {
    if (block.isConnected && !block.closest("pre") && isEmpty(block) && !block.querySelector("li")) block.remove();
  }
  // A markdown table's first row is its header.
  for (const table of root.querySelectorAll("table")) {
    if (table.querySelector("th")) continue;
    const first = table.querySelector("tr");
    for (const cell of first ? [...first.children] : []) rename(cell, "TH");
  }
}

/** The pasted HTML, cleaned (see the module's comment). */
export function cleanHtml(html: string): string {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  wordLists(body);
  clean(body, false);
  nestLists(body);
  tidy(body);
  return body.innerHTML;
}
