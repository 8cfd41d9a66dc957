/**
 * Words and compounds of normalised text, for site search: what the index
 * stores, what a query asks for and what an excerpt highlights. ZWNJ,
 * whitespace and punctuation separate words; a ZWNJ compound («می‌خواهم»)
 * is tracked so its joined spelling matches too. Pure module, like ./normalize.
 */
import { normalizeText } from "./normalize";

/** A word of normalised text: letters, digits and marks of any script. */
const WORD_CHAR_RE = /^[\p{L}\p{N}\p{M}]$/u;
/** 0 = unknown, 1 = not a word character, 2 = word character (BMP only). */
const wordCache = new Uint8Array(0x10000);
function isWordCode(cp: number): boolean {
  if (cp > 0xffff) return WORD_CHAR_RE.test(String.fromCodePoint(cp));
  let v = wordCache[cp]!;
  if (v === 0) {
    v = WORD_CHAR_RE.test(String.fromCharCode(cp)) ? 2 : 1;
    wordCache[cp] = v;
  }
  return v === 2;
}

function isSpaceCode(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * Persian inflectional affixes that writers attach with ZWNJ, with a space
 * or with nothing at all («می‌خواهم» / «می خواهم» / «میخواهم»). A word in
 * PREFIXES followed by a word, or a word followed by one in SUFFIXES, with
 * only whitespace between them, is treated like a ZWNJ compound.
 */
const PREFIXES = new Set(["می", "نمی"].map(normalizeText));
const SUFFIXES = new Set(
  ["ها", "های", "هایی", "هایم", "هایت", "هایش", "تر", "ترین", "ای", "ام", "اند", "ایم", "اید"].map(normalizeText),
);
const AFFIX_MAX_LENGTH = Math.max(...[...PREFIXES, ...SUFFIXES].map((a) => a.length));
const PREFIX_FIRST = new Set([...PREFIXES].map((a) => a.charCodeAt(0)));
const SUFFIX_FIRST = new Set([...SUFFIXES].map((a) => a.charCodeAt(0)));

/** True for the Persian affixes that are joined to their word across whitespace. */
export function isAffix(term: string): boolean {
  return PREFIXES.has(term) || SUFFIXES.has(term);
}

function isPrefixAt(s: string, start: number, end: number): boolean {
  return end - start <= AFFIX_MAX_LENGTH && PREFIX_FIRST.has(s.charCodeAt(start)) && PREFIXES.has(s.slice(start, end));
}

function isSuffixAt(s: string, start: number, end: number): boolean {
  return end - start <= AFFIX_MAX_LENGTH && SUFFIX_FIRST.has(s.charCodeAt(start)) && SUFFIXES.has(s.slice(start, end));
}

/**
 * Visits every word of *normalised* text as offsets [start, end).
 * `joined` is true when the word continues the compound of the previous
 * word: only ZWNJ between them, or only whitespace/ZWNJ with a common
 * Persian affix on either side («می خواهم», «کتاب ها»).
 */
export function scanWords(normalized: string, visit: (start: number, end: number, joined: boolean) => void): void {
  const s = normalized;
  const n = s.length;
  let prevStart = -1;
  let prevEnd = -1;
  // Gap since the previous word: only ZWNJ? only whitespace/ZWNJ?
  let gapZwnjOnly = true;
  let gapSpaceOnly = true;
  let i = 0;
  while (i < n) {
    let cp = s.charCodeAt(i);
    let size = 1;
    if (cp >= 0xd800 && cp <= 0xdbff) {
      cp = s.codePointAt(i)!;
      if (cp > 0xffff) size = 2;
    }
    if (!(size === 1 && wordCache[cp] === 2) && !isWordCode(cp)) {
      if (cp !== 0x200c) {
        gapZwnjOnly = false;
        if (!isSpaceCode(cp)) gapSpaceOnly = false;
      }
      i += size;
      continue;
    }
    const start = i;
    i += size;
    while (i < n) {
      cp = s.charCodeAt(i);
      if (wordCache[cp] === 2) {
        i++;
        continue;
      }
      size = 1;
      if (cp >= 0xd800 && cp <= 0xdbff) {
        cp = s.codePointAt(i)!;
        if (cp > 0xffff) size = 2;
      }
      if (!isWordCode(cp)) break;
      i += size;
    }
    const joined =
      prevEnd >= 0 &&
      prevEnd < start &&
      (gapZwnjOnly || (gapSpaceOnly && (isPrefixAt(s, prevStart, prevEnd) || isSuffixAt(s, start, i))));
    visit(start, i, joined);
    prevStart = start;
    prevEnd = i;
    gapZwnjOnly = true;
    gapSpaceOnly = true;
  }
}

export interface WordPart {
  /** Normalised word. */
  term: string;
  /** Offsets in the normalised text. */
  start: number;
  end: number;
}

/**
 * Splits *normalised* text into compounds: runs of words joined by ZWNJ (or
 * by whitespace next to a common Persian affix). Every part is a word in
 * its own right; the compound lets the joined spelling match as well.
 */
export function compoundsOf(normalized: string): WordPart[][] {
  const result: WordPart[][] = [];
  let current: WordPart[] = [];
  scanWords(normalized, (start, end, joined) => {
    const part: WordPart = { term: normalized.slice(start, end), start, end };
    if (joined) current.push(part);
    else result.push((current = [part]));
  });
  return result;
}

/** Normalises `s` and returns its compounds as lists of words. */
export function splitCompounds(s: string): string[][] {
  return compoundsOf(normalizeText(s)).map((c) => c.map((p) => p.term));
}

/**
 * Splits text into normalised words. ZWNJ, whitespace and punctuation
 * (Latin and Persian: ، ؛ ؟ « » …) separate words; letters and digits of
 * any script are kept. Accepts raw or already-normalised text (the input
 * is normalised first; normalisation is idempotent). Used for queries and,
 * via `tokenizeForIndex`, for indexing.
 */
export function tokenize(s: string): string[] {
  const normalized = normalizeText(s);
  const out: string[] = [];
  scanWords(normalized, (start, end) => out.push(normalized.slice(start, end)));
  return out;
}

/** Longest run of compound parts that is also indexed as one joined term. */
export const MAX_JOINED_PARTS = 4;

/**
 * Calls `emit` with every index term of *normalised* text: each word, and
 * after it the joined spellings of the compound runs (of up to
 * MAX_JOINED_PARTS parts) that end with it. `want(firstCodeUnit, length)`
 * may reject terms before their string is built (a cheap filter for
 * callers that look for a known set of terms).
 */
export function forEachIndexTerm(
  normalized: string,
  emit: (term: string) => void,
  want?: (firstCodeUnit: number, length: number) => boolean,
): void {
  const s = normalized;
  // Offsets of the last parts of the current compound (at most MAX_JOINED_PARTS).
  const starts = [0, 0, 0, 0];
  const ends = [0, 0, 0, 0];
  let k = 0;
  scanWords(s, (start, end, joined) => {
    if (!joined) k = 0;
    else if (k === MAX_JOINED_PARTS) {
      for (let x = 1; x < k; x++) {
        starts[x - 1] = starts[x]!;
        ends[x - 1] = ends[x]!;
      }
      k--;
    }
    starts[k] = start;
    ends[k] = end;
    k++;
    if (!want || want(s.charCodeAt(start), end - start)) emit(s.slice(start, end));
    let length = end - start;
    for (let i = k - 2; i >= 0; i--) {
      length += ends[i]! - starts[i]!;
      if (want && !want(s.charCodeAt(starts[i]!), length)) continue;
      let term = "";
      for (let j = i; j < k; j++) term += s.slice(starts[j]!, ends[j]!);
      emit(term);
    }
  });
}

/**
 * Index-side tokenizer: every word from `tokenize`, plus the joined
 * spellings of compounds, so «می‌خواهم» is indexed as «می», «خواهم» and
 * «میخواهم».
 */
export function tokenizeForIndex(s: string): string[] {
  const out: string[] = [];
  forEachIndexTerm(normalizeText(s), (t) => out.push(t));
  return out;
}
