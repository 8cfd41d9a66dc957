/**
 * <bdi> around runs of the other direction inside a prose block.
 *
 * The direction a block of text reads in (`readingDirection`) follows the
 * rule the editor shares (~/lib/text-direction): a leading direction mark,
 * else the page locale's direction unless letters of the other direction
 * outnumber the locale's more than two to one (an English paragraph quoted in
 * a Persian post is an LTR block, and the Persian words inside it get wrapped).
 * A block with `dir="auto"` then resolves to that direction in the browser,
 * which skips <bdi> when it looks for the first strong letter. A block given
 * an explicit direction is isolated against that direction instead.
 *
 * A run starts and ends with a strong letter of the other direction and may
 * hold spaces, digits, punctuation, inline code and inline elements without
 * letters of the block's direction. Then, at its edges:
 *   - digits/marks/"+"/"#" glued to the last letter are kept ("ES2024", "C++",
 *     "C#"), and so is one spaced number right after it ("React Router 8",
 *     "Node 24.1"): Unicode's bidi algorithm already puts such a number in the
 *     run (rule W7 after Latin, W2 after Arabic script), so the isolate shows
 *     what a reader expects and keeps it away from the surrounding text;
 *   - digits and ".#@$" glued to the first letter are kept (".NET", "3D");
 *   - sentence punctuation is never included (the final "." belongs to the
 *     sentence);
 *   - a run never splits a word: if a run edge is glued to a letter of the
 *     block's direction (e.g. "APIها", or "API‌ها" with ZWNJ), the run is
 *     shrunk to the previous/next space, and dropped if nothing is left. Such
 *     mixed-script words are left to the browser's bidi algorithm.
 * Text is never changed (ZWNJ/ZWJ untouched) and nothing is inserted inside
 * code, pre, kbd, samp or existing bdi/bdo. Runs made only of inline code are
 * not wrapped: inline code is already isolated by its dir="ltr".
 */
import type { Element, ElementContent } from "hast";
import {
  countLetters as countTextLetters,
  directionOfLetters,
  emptyCount,
  leadingMark,
  letterDirection as letterDir,
  type Dir,
  type LetterCount,
} from "~/lib/text-direction";
import { isDecoration } from "./readable-text";

export type { Dir };

const WORD_CHAR = /[\p{L}\p{N}\p{M}\u200C\u200D]/u;
const GLUED_AFTER = /[\p{Nd}\p{M}+#]/u;
const GLUED_BEFORE = /[\p{Nd}\p{M}.#@$]/u;
const SPACED_NUMBER = /^[ \u00A0]+\p{Nd}+(?:[.,:/-]\p{Nd}+)*/u;
const SPACE = /\s/u;


/** Inline elements a run may cross; anything else breaks runs. */
export const INLINE_TAGS = new Set([
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

/** Letters by direction in an inline subtree; inline code counts as LTR only when `codeAsLtr`. */
function countLetters(node: ElementContent, count: LetterCount, codeAsLtr: boolean): void {
  if (node.type === "text") countTextLetters(node.value, count);
  else if (node.type === "element") {
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

/**
 * The direction inline content reads in, from its letters (inline code not counted): the locale's, unless the
 * other direction's letters outnumber the locale's more than two to one. Null when it has no letters.
 */
export function readingDirection(nodes: readonly ElementContent[], localeDir: Dir): Dir | null {
  const mark = leadingMark(firstText(nodes));
  if (mark) return mark;
  const count = emptyCount();
  for (const node of nodes) countLetters(node, count, false);
  return directionOfLetters(count, localeDir);
}

/** The first text of inline content, as the browser meets it (code and decorations skipped): where a mark would be. */
function firstText(nodes: readonly ElementContent[]): string {
  for (const node of nodes) {
    if (node.type === "text") {
      if (node.value.length > 0) return node.value;
      continue;
    }
    if (node.type !== "element" || !INLINE_TAGS.has(node.tagName) || isDecoration(node)) continue;
    if (node.tagName === "code") return "";
    const inner = firstText(node.children);
    if (inner) return inner;
  }
  return "";
}

/** Wraps the runs of a prose block's inline content that go against `base`, the block's direction, in <bdi>. */
export function isolateRuns(block: Element, base: Dir): void {
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
