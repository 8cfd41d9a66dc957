/**
 * In-memory site search over MiniSearch.
 *
 * - One MiniSearch instance per locale: locale filtering costs nothing and
 *   BM25 statistics are per language.
 * - One MiniSearch document per page, with fields `title`, `headings` (all
 *   section headings), `text` (all section text) and `meta` (description +
 *   category); boosts title > headings > meta > text. A page is the unit of
 *   results, and indexing sections as separate documents made frequent
 *   words 2–7× slower (MiniSearch's cost grows with the number of matching
 *   documents), which broke the latency budget. The best section of each
 *   returned page is then chosen by scanning that page's sections for the
 *   terms MiniSearch matched (see `chooseSection`).
 * - Text is normalised and tokenised by `./normalize` (Persian-aware); ZWNJ
 *   compounds are indexed both as their parts and joined (see
 *   `tokenizeForIndex`), and a query compound matches "joined spelling OR
 *   its significant parts", so «می‌خواهم», «می خواهم» and «میخواهم» find
 *   each other.
 * - Matching: every query word must match (AND; OR only when AND finds
 *   nothing); prefix matching from 3 characters; typo tolerance (1 edit from
 *   5 characters, 2 from 8, plus swapped adjacent letters) only when exact
 *   and prefix matches do not fill the requested number of results.
 * - Excerpts are cut around the first highlighted word, with offsets mapped
 *   back to the original text so the original characters are shown.
 */
import MiniSearch, { type Query, type SearchOptions } from "minisearch";

import {
  compoundsOf,
  forEachIndexTerm,
  isAffix,
  MAX_JOINED_PARTS,
  normalizeText,
  normalizeWithMap,
  tokenizeForIndex,
} from "./normalize";

export type Locale = "fa" | "en";

export interface SearchSection {
  heading: string;
  /** "" = the page top / intro. */
  anchor: string;
  text: string;
}

export interface SearchDocument {
  locale: Locale;
  path: string;
  title: string;
  description?: string;
  category?: string;
  sections: SearchSection[];
}

export interface ExcerptPart {
  text: string;
  match: boolean;
}

export interface SearchResult {
  path: string;
  title: string;
  section?: { heading: string; anchor: string };
  excerpt: ExcerptPart[];
  score: number;
}

/** Longest query considered, in UTF-16 units. */
export const MAX_QUERY_LENGTH = 200;
/** At most this many query words (compounds) are used. */
export const MAX_QUERY_WORDS = 12;
/** Approximate excerpt length in characters. */
export const EXCERPT_LENGTH = 160;
/** Characters of context kept before the first match in an excerpt. */
const EXCERPT_LEAD = 50;
const ELLIPSIS = "…";
const DEFAULT_LIMIT = 8;

const LOCALES: readonly Locale[] = ["fa", "en"];

const FIELDS = ["title", "headings", "text", "meta"] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { title: 4, headings: 2, meta: 1.5, text: 1 };

/** What MiniSearch indexes for one page. Only `id` is kept by MiniSearch. */
type IndexedPage = { id: number } & Record<Field, string>;

interface PageRecord {
  id: number;
  doc: SearchDocument; // private, frozen copy
}

/**
 * Prefix matching for every term of at least MIN_PREFIX_LENGTH characters.
 * Shorter terms still match whole words exactly, but a one- or two-letter
 * prefix expands to a large part of the vocabulary (hundreds of terms and a
 * large share of all postings): slow, and the ranking is close to random.
 */
export const MIN_PREFIX_LENGTH = 3;
function prefixFor(term: string): boolean {
  return term.length >= MIN_PREFIX_LENGTH;
}

/**
 * Typo tolerance: 20% of the term length, rounded, at most 2 edits
 * (Levenshtein: a transposition such as "javascirpt" counts as 2). Short
 * Persian words are one letter apart from unrelated words («کتاب»/«کباب»,
 * «دوست»/«درست»), so terms under 5 characters must match exactly.
 */
function fuzzyFor(term: string): number {
  if (term.length < 5) return 0;
  return Math.min(2, Math.round(term.length * 0.2));
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  prefix: prefixFor,
  fuzzy: (term) => fuzzyFor(term) || false,
  maxFuzzy: 2,
  // Query leaves are already normalised single terms (see buildQuery).
  tokenize: (term) => [term],
  processTerm: (term) => term,
};

function createMiniSearch(): MiniSearch<IndexedPage> {
  return new MiniSearch<IndexedPage>({
    idField: "id",
    fields: [...FIELDS],
    storeFields: [],
    tokenize: (text) => tokenizeForIndex(text),
    processTerm: (term) => term || null, // tokenizeForIndex already normalises
    autoVacuum: false, // we use remove(), which leaves nothing to vacuum
    searchOptions: SEARCH_OPTIONS,
  });
}

function pageKey(locale: Locale, path: string): string {
  return `${locale}\u0000${path}`;
}

function assertLocale(locale: string): asserts locale is Locale {
  if (!LOCALES.includes(locale as Locale)) throw new Error(`Unknown search locale: ${JSON.stringify(locale)}`);
}

/** Private frozen copy; a page without sections gets one empty intro section so it still has a result target. */
function copyDocument(doc: SearchDocument): SearchDocument {
  assertLocale(doc.locale);
  const sections = doc.sections.map((s) => Object.freeze({ heading: s.heading ?? "", anchor: s.anchor ?? "", text: s.text ?? "" }));
  if (sections.length === 0) sections.push(Object.freeze({ heading: "", anchor: "", text: "" }));
  return Object.freeze({
    locale: doc.locale,
    path: doc.path,
    title: doc.title ?? "",
    description: doc.description,
    category: doc.category,
    sections: Object.freeze(sections) as SearchSection[],
  });
}

/** Joins the parts of a field; not whitespace-only, so no compound spans two parts. */
const PART_BREAK = "\n¶\n";

/** The MiniSearch document of a page; deterministic, so it can be rebuilt for remove(). */
function indexedPage(page: PageRecord): IndexedPage {
  const { doc } = page;
  return {
    id: page.id,
    title: doc.title,
    headings: doc.sections.map((s) => s.heading).join(PART_BREAK),
    text: doc.sections.map((s) => s.text).join(PART_BREAK),
    meta: [doc.description ?? "", doc.category ?? ""].join(PART_BREAK),
  };
}

/** Truncates to MAX_QUERY_LENGTH without splitting a surrogate pair. */
function clampQuery(query: string): string {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  let q = query.slice(0, MAX_QUERY_LENGTH);
  const last = q.charCodeAt(q.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) q = q.slice(0, -1);
  return q;
}

/** A query word: a plain word, or a compound («می‌خواهم», «کتاب ها»). */
interface QueryWord {
  parts: string[];
  /** Terms searched for it: the word, or the joined compound and its significant parts. */
  leaves: string[];
}

/**
 * Parts of a compound that must match when it is not found joined: the
 * affixes («می», «ها», …) and one- or two-letter words («به» in
 * «به‌روزرسانی») are left out when a longer part remains. They carry little
 * meaning and occur on nearly every page, so requiring them would only cost
 * time («کتاب‌ها» then also finds «کتاب», a welcome stemming effect).
 */
function significantParts(parts: string[]): string[] {
  const kept = parts.filter((p) => p.length > 2 && !isAffix(p));
  return kept.length > 0 ? kept : parts;
}

function parseQuery(query: string): QueryWord[] {
  return compoundsOf(normalizeText(clampQuery(query)))
    .slice(0, MAX_QUERY_WORDS)
    .map((c) => {
      const parts = c.map((p) => p.term);
      return { parts, leaves: parts.length === 1 ? parts : [parts.join(""), ...significantParts(parts)] };
    });
}

/** Weight of a match through a swapped pair of letters (MiniSearch weighs fuzzy matches 0.45). */
const TRANSPOSITION_WEIGHT = 0.45;

/** The word with each pair of adjacent letters swapped ("javsacript" → "javascript", …). */
function transpositions(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = chars.slice();
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(""));
  }
  return [...out];
}

/**
 * Query tree: every word must match (AND; OR is the fallback). A compound
 * matches its joined spelling, or all of its significant parts. With
 * `typos`, words that get typo tolerance also match with two adjacent
 * letters swapped (Levenshtein counts a swap as two edits, so one-edit
 * fuzzy matching alone misses the most common typo).
 */
function buildQuery(words: QueryWord[], combineWith: "AND" | "OR", typos: boolean): Query {
  const queries: Query[] = words.map(({ parts, leaves }) => {
    if (parts.length === 1) {
      const word = parts[0]!;
      if (!typos || fuzzyFor(word) === 0) return word;
      const swapped: Query = {
        combineWith: "OR",
        queries: transpositions(word),
        prefix: false,
        fuzzy: false,
        boostTerm: () => TRANSPOSITION_WEIGHT,
      };
      return { combineWith: "OR", queries: [word, swapped] };
    }
    const sig = leaves.slice(1);
    return { combineWith: "OR", queries: [leaves[0]!, sig.length === 1 ? sig[0]! : { combineWith: "AND", queries: sig }] };
  });
  return { combineWith, queries };
}

/** Levenshtein distance of a and b is at most max. */
function withinDistance(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return false;
    prev = cur;
  }
  return prev[b.length]! <= max;
}

/** Does document term `term` match query leaf `leaf` the way MiniSearch matched it (exact, prefix or fuzzy)? */
function termMatchesLeaf(term: string, leaf: string): boolean {
  if (term === leaf) return true;
  if (prefixFor(leaf) && term.startsWith(leaf)) return true;
  const d = fuzzyFor(leaf);
  return d > 0 && (withinDistance(term, leaf, d) || isTransposition(term, leaf));
}

/** Do a and b differ by one swap of adjacent characters? */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** Cheap pre-check for `forEachIndexTerm`: could a term with this first code unit and length be in `terms`? */
function termFilter(terms: Iterable<string>): (firstCodeUnit: number, length: number) => boolean {
  const first = new Set<number>();
  let min = Infinity;
  let max = 0;
  for (const t of terms) {
    first.add(t.charCodeAt(0));
    min = Math.min(min, t.length);
    max = Math.max(max, t.length);
  }
  return (c, length) => length >= min && length <= max && first.has(c);
}

function bitCount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

interface SectionChoice {
  index: number;
  /** Matched in the section's heading or text (not only in title/meta). */
  matched: boolean;
  /** Matched document terms to highlight in the section text. */
  textTerms: Set<string>;
}

/**
 * Picks the section of a page that best covers the query: most query words
 * found in its heading or text, then words in the heading, then words in
 * the text, then number of occurrences; earlier sections win ties. Only the
 * document terms MiniSearch matched in the `headings`/`text` fields are
 * looked for. Pages matched only by title/meta get their first section.
 */
function chooseSection(doc: SearchDocument, match: Record<string, string[]>, words: QueryWord[]): SectionChoice {
  const headingMask = new Map<string, number>();
  const textMask = new Map<string, number>();
  for (const [term, fields] of Object.entries(match)) {
    const inHeadings = fields.includes("headings");
    const inText = fields.includes("text");
    if (!inHeadings && !inText) continue;
    let mask = 0;
    words.forEach((w, i) => {
      if (w.leaves.some((leaf) => termMatchesLeaf(term, leaf))) mask |= 1 << i;
    });
    if (mask === 0) mask = 1 << 30; // matched somehow; still worth something
    if (inHeadings) headingMask.set(term, mask);
    if (inText) textMask.set(term, mask);
  }
  const textTerms = new Set(textMask.keys());
  if (headingMask.size === 0 && textMask.size === 0) return { index: 0, matched: false, textTerms };
  if (doc.sections.length === 1) return { index: 0, matched: true, textTerms };

  const headingWant = termFilter(headingMask.keys());
  const textWant = termFilter(textMask.keys());
  let best = 0;
  let bestScore = 0;
  doc.sections.forEach((section, i) => {
    let hm = 0;
    let tm = 0;
    let occurrences = 0;
    if (headingMask.size > 0 && section.heading) {
      forEachIndexTerm(normalizeText(section.heading), (t) => (hm |= headingMask.get(t) ?? 0), headingWant);
    }
    if (textMask.size > 0 && section.text) {
      const visit = (t: string): void => {
        const m = textMask.get(t);
        if (m !== undefined) {
          tm |= m;
          occurrences++;
        }
      };
      forEachIndexTerm(normalizeText(section.text), visit, textWant);
    }
    const score = 1000 * bitCount(hm | tm) + 100 * bitCount(hm) + 10 * bitCount(tm) + Math.min(occurrences, 9);
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return { index: best, matched: bestScore > 0, textTerms };
}

export class SearchIndex {
  #engines = new Map<Locale, MiniSearch<IndexedPage>>(LOCALES.map((l) => [l, createMiniSearch()]));
  #pages = new Map<string, PageRecord>();
  #byId = new Map<number, PageRecord>();
  #nextId = 1;

  /** Number of pages (all locales). */
  get size(): number {
    return this.#pages.size;
  }

  /** Rebuilds the whole index from `docs` (a later duplicate locale+path wins). */
  replaceAll(docs: SearchDocument[]): void {
    const pages = new Map<string, PageRecord>();
    for (const d of docs) {
      const page: PageRecord = { id: this.#nextId++, doc: copyDocument(d) };
      pages.set(pageKey(page.doc.locale, page.doc.path), page);
    }
    const engines = new Map<Locale, MiniSearch<IndexedPage>>(LOCALES.map((l) => [l, createMiniSearch()]));
    const byId = new Map<number, PageRecord>();
    for (const page of pages.values()) {
      byId.set(page.id, page);
      engines.get(page.doc.locale)!.add(indexedPage(page));
    }
    this.#engines = engines;
    this.#pages = pages;
    this.#byId = byId;
  }

  /** Adds a page or replaces the page with the same locale and path. */
  upsert(doc: SearchDocument): void {
    const page: PageRecord = { id: this.#nextId++, doc: copyDocument(doc) };
    this.remove(page.doc.locale, page.doc.path);
    this.#pages.set(pageKey(page.doc.locale, page.doc.path), page);
    this.#byId.set(page.id, page);
    this.#engines.get(page.doc.locale)!.add(indexedPage(page));
  }

  /** Removes a page; a no-op when it is not indexed. */
  remove(locale: Locale, path: string): void {
    const key = pageKey(locale, path);
    const page = this.#pages.get(key);
    if (!page) return;
    this.#engines.get(locale)!.remove(indexedPage(page));
    this.#byId.delete(page.id);
    this.#pages.delete(key);
  }

  /** Matching pages by descending score, each with its best section and an excerpt. */
  search(query: string, locale: Locale, limit: number = DEFAULT_LIMIT): SearchResult[] {
    const engine = this.#engines.get(locale);
    if (!engine || !(limit >= 1)) return [];
    const max = Math.floor(limit);
    const words = parseQuery(query);
    if (words.length === 0) return [];

    // Exact and prefix matches first; typo tolerance only when they do not
    // fill the page (fuzzy expansion of a correctly typed frequent word
    // costs time and mostly adds noise), then OR when AND finds nothing.
    let raw = engine.search(buildQuery(words, "AND", false), { fuzzy: false });
    if (raw.length < max) {
      const withTypos = engine.search(buildQuery(words, "AND", true));
      if (withTypos.length > raw.length) raw = withTypos;
    }
    if (raw.length === 0 && words.length > 1) raw = engine.search(buildQuery(words, "OR", true));
    if (raw.length === 0) return [];

    // raw is sorted by score; include everything tied with the last place, then order ties by path.
    let end = Math.min(max, raw.length);
    const cutoff = raw[end - 1]!.score;
    while (end < raw.length && raw[end]!.score === cutoff) end++;
    const top = raw
      .slice(0, end)
      .map((r) => ({ page: this.#byId.get(r.id as number), score: r.score, match: r.match }))
      .filter((r): r is { page: PageRecord; score: number; match: Record<string, string[]> } => r.page !== undefined)
      .sort((a, b) => b.score - a.score || (a.page.doc.path < b.page.doc.path ? -1 : 1))
      .slice(0, max);

    return top.map(({ page, score, match }) => {
      const { doc } = page;
      const choice = chooseSection(doc, match, words);
      const section = doc.sections[choice.index]!;
      let source = section.text;
      if (!source && choice.index === 0 && doc.description) source = doc.description;
      const result: SearchResult = {
        path: doc.path,
        title: doc.title,
        excerpt: buildExcerpt(source, choice.matched ? choice.textTerms : new Set()),
        score,
      };
      if (choice.matched && section.anchor !== "") result.section = { heading: section.heading, anchor: section.anchor };
      return result;
    });
  }
}

/* ------------------------------------------------------------------------ */
/* Excerpts                                                                 */
/* ------------------------------------------------------------------------ */

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
