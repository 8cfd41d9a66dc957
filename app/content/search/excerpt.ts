/**
 * Search result excerpts: cut around the first highlighted word, with offsets
 * mapped back to the original text so the original characters are shown.
 */
import { normalizeWithMap } from "./normalize";
import { compoundsOf, MAX_JOINED_PARTS } from "./tokenize";

export interface ExcerptPart {
  text: string;
  match: boolean;
}

/** Approximate excerpt length in characters. */
export const EXCERPT_LENGTH = 160;
/** Characters of context kept before the first match in an excerpt. */
const EXCERPT_LEAD = 50;
const ELLIPSIS = "…";

/**
 * Spans [start, end) in the ORIGINAL text whose normalised words are in
 * `terms`. Within a compound the longest joined run of parts that matched
 * is highlighted as one span (e.g. all of «برنامه‌نویسی» for «برنامهنویسی»).
 */
export function findHighlights(original: string, terms: ReadonlySet<string>): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  if (terms.size === 0 || !original) return spans;
  const { text, start, end } = normalizeWithMap(original);
  for (const c of compoundsOf(text)) {
    const k = c.length;
    let i = 0;
    while (i < k) {
      let matchedTo = -1;
      if (k === 1) {
        if (terms.has(c[0]!.term)) matchedTo = 1;
      } else {
        const maxJ = Math.min(k, i + MAX_JOINED_PARTS);
        const candidates: Array<[string, number]> = [];
        let joined = "";
        for (let j = i; j < maxJ; j++) {
          joined += c[j]!.term;
          candidates.push([joined, j + 1]);
        }
        for (let x = candidates.length - 1; x >= 0; x--) {
          if (terms.has(candidates[x]![0])) {
            matchedTo = candidates[x]![1];
            break;
          }
        }
      }
      if (matchedTo > i) {
        const a = start[c[i]!.start]!;
        const z = end[c[matchedTo - 1]!.end - 1]!;
        spans.push([a, z]);
        i = matchedTo;
      } else {
        i++;
      }
    }
  }
  return spans;
}

const SPACE_RE = /\s/;

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Snaps a window start forward to a word start (not past `limit`). */
function snapStart(text: string, pos: number, limit: number): number {
  if (pos <= 0) return 0;
  if (SPACE_RE.test(text[pos - 1]!)) return pos;
  for (let p = pos; p < limit; p++) if (SPACE_RE.test(text[p]!)) return p + 1;
  let q = Math.min(pos, limit);
  if (isLowSurrogate(text.charCodeAt(q))) q--;
  return q;
}

/** Snaps a window end back to a word end (not before `limit`). */
function snapEnd(text: string, pos: number, limit: number): number {
  if (pos >= text.length) return text.length;
  if (SPACE_RE.test(text[pos]!)) return pos;
  for (let p = pos - 1; p > limit; p--) if (SPACE_RE.test(text[p]!)) return p;
  let q = Math.max(pos, limit);
  if (q < text.length && isLowSurrogate(text.charCodeAt(q))) q++;
  return q;
}

function pushPart(parts: ExcerptPart[], text: string, match: boolean): void {
  const t = text.replace(/\s+/g, " ");
  if (t) parts.push({ text: t, match });
}

/**
 * ~EXCERPT_LENGTH characters of `text` around the first word in `terms`
 * (or from the start when nothing matches), split into highlighted and
 * plain parts, with "…" parts where the text was cut. Whitespace runs are
 * collapsed to single spaces; all other characters are the original ones.
 */
export function buildExcerpt(text: string, terms: ReadonlySet<string>): ExcerptPart[] {
  if (!text) return [];
  const spans = findHighlights(text, terms);
  const len = text.length;
  let from: number;
  let to: number;
  if (spans.length === 0) {
    from = 0;
    to = snapEnd(text, Math.min(len, EXCERPT_LENGTH), 0);
  } else {
    const [firstStart, firstEnd] = spans[0]!;
    let a = firstStart - EXCERPT_LEAD;
    if (a < EXCERPT_LEAD / 2) a = 0; // not worth an ellipsis for a word or two
    let z = a + EXCERPT_LENGTH;
    if (z > len) {
      z = len;
      a = Math.max(0, Math.min(a, len - EXCERPT_LENGTH));
    }
    from = snapStart(text, a, firstStart);
    to = snapEnd(text, Math.max(z, firstEnd), firstEnd);
  }
  // Skip leading/trailing whitespace of the window.
  while (from < to && SPACE_RE.test(text[from]!)) from++;
  while (to > from && SPACE_RE.test(text[to - 1]!)) to--;

  const parts: ExcerptPart[] = [];
  if (from > 0) parts.push({ text: ELLIPSIS, match: false });
  let pos = from;
  for (const [s, e] of spans) {
    if (e <= from) continue;
    if (s >= to) break;
    const a = Math.max(s, from);
    const z = Math.min(e, to);
    if (a > pos) pushPart(parts, text.slice(pos, a), false);
    pushPart(parts, text.slice(a, z), true);
    pos = z;
  }
  if (pos < to) pushPart(parts, text.slice(pos, to), false);
  if (to < len) parts.push({ text: ELLIPSIS, match: false });
  return parts;
}
