import { isFoldedAway, letterFold } from "~/i18n/fold";

/**
 * Persian-aware text normalisation for site search (words and compounds are
 * found in the normalised text by `./tokenize`).
 *
 * Pure module: no Node APIs, safe to bundle for the browser. The same
 * functions are used to build the index, to parse queries and to find the
 * words to highlight in excerpts, so all three always agree.
 *
 * Folding (see `normalizeText`; the letter, digit and mark tables are `~/i18n/fold`'s):
 * - compatibility decomposition (NFKD, i.e. NFKC's decomposition step) so
 *   Arabic presentation forms (ﻙ, ﯾ, ﷲ …), ligatures and full-width
 *   characters become plain letters; the result is recomposed with NFC;
 * - Arabic/Persian letter variants: ي ى ئ → ی, ك ڪ → ک, ة ۀ ە ھ ہ ۃ → ه,
 *   أ إ آ ٱ → ا, ؤ → و (the hamza/madda forms decompose to base + mark and
 *   the mark is removed);
 * - removes Arabic diacritics (U+064B–U+065F, U+0670, Quranic marks
 *   U+06D6–U+06ED), tatweel U+0640, Latin combining accents
 *   (U+0300–U+036F, so "café" matches "cafe") and invisible format
 *   characters (soft hyphen, ZWJ, bidi marks, BOM);
 * - Persian ۰–۹ and Arabic-Indic ٠–٩ digits → ASCII 0–9;
 * - locale-independent lower-casing.
 * ZWNJ (U+200C) is kept: it is a word separator for tokenisation, and the
 * compound it forms is tracked (see `splitCompounds` in ./tokenize).
 *
 * Normalisation works per "cluster" (a base character plus its combining
 * marks) so every output character can be mapped back to the original
 * characters it came from (`normalizeWithMap`), which the excerpt
 * highlighter needs. `normalizeText` is the same function without the map.
 * Results per character are cached in typed arrays, so normalising is a
 * table lookup per character for almost all text.
 */

const MARK_RE = /^\p{M}/u;
/**
 * Attaches to the preceding character: a combining mark, or a character
 * whose compatibility decomposition starts with one (e.g. half-width
 * katakana ﾞ), so that clusters compose the same way on every pass.
 */
function attaches(ch: string): boolean {
  return MARK_RE.test(ch) || MARK_RE.test(ch.normalize("NFKD"));
}
/** 0 = unknown, 1 = does not attach, 2 = attaches (BMP only). */
const markCache = new Uint8Array(0x10000);
function isMark(cp: number): boolean {
  if (cp < 0x0300) return false;
  if (cp > 0xffff) return attaches(String.fromCodePoint(cp));
  if (cp >= 0xd800 && cp <= 0xdfff) return false; // lone surrogate; never cached (see normalizeCore)
  let v = markCache[cp]!;
  if (v === 0) {
    v = attaches(String.fromCharCode(cp)) ? 2 : 1;
    markCache[cp] = v;
  }
  return v === 2;
}

function foldCluster(cluster: string): string {
  const decomposed = cluster.normalize("NFKD").toLowerCase();
  let out = "";
  for (const ch of decomposed) {
    const cp = ch.codePointAt(0)!;
    if (isFoldedAway(cp)) continue;
    out += letterFold(cp) ?? ch;
  }
  return out.normalize("NFC");
}

const MEMO_LIMIT = 20_000;
const memo = new Map<string, string>();
function foldClusterMemo(cluster: string): string {
  let r = memo.get(cluster);
  if (r === undefined) {
    r = foldCluster(cluster);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(cluster, r);
  }
  return r;
}

const UNKNOWN = 0;
const SAME = -1; // unchanged
const DROP = -2; // removed
const COMPLEX = -3; // surrogate, or folds to several units: use the cluster path
/** Fold of each BMP code unit on its own: one of the constants above, or the folded code unit. */
const SINGLE = new Int32Array(0x10000);
function singleFold(c: number): number {
  let v = SINGLE[c]!;
  if (v === UNKNOWN) {
    if (c >= 0xd800 && c <= 0xdfff) v = COMPLEX;
    else {
      const ch = String.fromCharCode(c);
      const r = foldCluster(ch);
      v = r === ch ? SAME : r === "" ? DROP : r.length === 1 ? r.charCodeAt(0) : COMPLEX;
    }
    SINGLE[c] = v;
  }
  return v;
}

/** Is there a combining mark at s[j]? */
function markAt(s: string, j: number): boolean {
  if (j >= s.length) return false;
  const m = s.charCodeAt(j);
  if (m < 0x0300) return false;
  return isMark(m >= 0xd800 && m <= 0xdfff ? s.codePointAt(j)! : m);
}

// eslint-disable-next-line no-control-regex
const ASCII_RE = /^[\x00-\x7f]*$/;

interface OffsetMap {
  start: number[];
  end: number[];
}

function normalizeCore(s: string, map: OffsetMap | null): string {
  if (ASCII_RE.test(s)) {
    if (map) {
      for (let k = 0; k < s.length; k++) {
        map.start.push(k);
        map.end.push(k + 1);
      }
    }
    return s.toLowerCase();
  }
  const n = s.length;
  let out = "";
  let runStart = 0; // start of the pending run of unchanged characters
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    const v = SINGLE[c] || singleFold(c);
    let j = i + 1;
    const next = j < n ? s.charCodeAt(j) : 0;
    // Cheap test first: cached "not a mark" for the next code unit.
    if (v !== COMPLEX && (next < 0x0300 || markCache[next] === 1 || !markAt(s, j))) {
      // A lone BMP character: table lookup.
      if (v !== SAME) {
        if (runStart < i) out += s.slice(runStart, i);
        if (v !== DROP) out += String.fromCharCode(v);
        runStart = j;
      }
      if (map && v !== DROP) {
        map.start.push(i);
        map.end.push(j);
      }
      i = j;
      continue;
    }
    // A base character (maybe a surrogate pair) and the combining marks that follow it.
    if (c >= 0xd800 && c <= 0xdbff && j < n) {
      const d = s.charCodeAt(j);
      if (d >= 0xdc00 && d <= 0xdfff) j++;
    }
    while (markAt(s, j)) j += s.codePointAt(j)! > 0xffff ? 2 : 1;
    const cluster = s.slice(i, j);
    const folded = foldClusterMemo(cluster);
    const unchanged = folded === cluster;
    if (!unchanged) {
      if (runStart < i) out += s.slice(runStart, i);
      out += folded;
      runStart = j;
    }
    if (map) {
      for (let k = 0; k < folded.length; k++) {
        map.start.push(i);
        map.end.push(j);
      }
    }
    i = j;
  }
  if (runStart === 0) return s;
  if (runStart < n) out += s.slice(runStart);
  return out;
}

/** Folds text for matching. Idempotent: normalizeText(normalizeText(s)) === normalizeText(s). */
export function normalizeText(s: string): string {
  return normalizeCore(s, null);
}

export interface NormalizedWithMap {
  /** Same as `normalizeText(original)`. */
  text: string;
  /** For each UTF-16 unit of `text`: start offset (inclusive) in the original string. */
  start: number[];
  /** For each UTF-16 unit of `text`: end offset (exclusive) in the original string. */
  end: number[];
}

/** Normalises like `normalizeText` and maps every output unit back to the original. */
export function normalizeWithMap(s: string): NormalizedWithMap {
  const map: OffsetMap = { start: [], end: [] };
  const text = normalizeCore(s, map);
  return { text, start: map.start, end: map.end };
}
