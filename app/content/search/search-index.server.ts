/**
 * In-memory site search over MiniSearch.
 *
 * - One MiniSearch instance per locale (locale filtering is free and BM25
 *   statistics are per language).
 * - Each page section is its own MiniSearch document with fields `title`
 *   (the page title, repeated so multi-word queries can combine title and
 *   section words), `heading`, `text`, and `meta` (description + category,
 *   on the page's first section only).
 * - Text is normalised and tokenised by `./normalize` (Persian-aware); ZWNJ
 *   compounds are indexed both as their parts and joined (see
 *   `tokenizeForIndex`), and queries treat a compound as "joined spelling OR
 *   all parts", so «می‌خواهم», «می خواهم» and «میخواهم» find each other.
 * - Results are grouped to the best section per page; excerpts are cut
 *   around the first highlighted word, with offsets mapped back to the
 *   original text so the original characters are shown.
 */
import MiniSearch, { type Query, type SearchOptions } from "minisearch";

import { compoundsOf, isAffix, MAX_JOINED_PARTS, normalizeText, normalizeWithMap, tokenizeForIndex } from "./normalize";

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

const FIELDS = ["title", "heading", "text", "meta"] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { title: 4, heading: 2, meta: 1.5, text: 1 };

/** What MiniSearch indexes for one section. Only `id` is kept by MiniSearch. */
interface IndexedSection {
  id: number;
  title: string;
  heading: string;
  text: string;
  meta: string;
}

interface PageRecord {
  doc: SearchDocument; // private, frozen copy
  ids: number[]; // MiniSearch ids of its sections, in section order
}

interface SectionRef {
  page: PageRecord;
  index: number;
}

/**
 * Prefix matching for every term of at least MIN_PREFIX_LENGTH characters.
 * Shorter terms still match whole words exactly, but a one- or two-letter
 * prefix expands to a large part of the vocabulary (hundreds of terms, most
 * of the index's postings), which costs tens of milliseconds and ranks
 * essentially at random.
 */
export const MIN_PREFIX_LENGTH = 3;
function prefixFor(term: string): boolean {
  return term.length >= MIN_PREFIX_LENGTH;
}

/**
 * Typo tolerance by term length. Short Persian words are one letter apart
 * from unrelated words («کتاب»/«کباب»), so terms under 5 characters match
 * exactly; 5–8 characters allow one edit, 9+ allow two ("javascirpt").
 */
function fuzzyFor(term: string): number | false {
  if (term.length < 5) return false;
  return term.length < 9 ? 1 : 2;
}

const BASE_SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  prefix: prefixFor,
  fuzzy: fuzzyFor,
  maxFuzzy: 2,
  // Query leaves are already normalised single terms (see buildQuery).
  tokenize: (term) => [term],
  processTerm: (term) => term,
};

function createMiniSearch(): MiniSearch<IndexedSection> {
  return new MiniSearch<IndexedSection>({
    idField: "id",
    fields: [...FIELDS],
    storeFields: [],
    tokenize: (text) => tokenizeForIndex(text),
    processTerm: (term) => term || null, // tokenizeForIndex already normalises
    autoVacuum: false, // we use remove(), which leaves nothing to vacuum
    searchOptions: BASE_SEARCH_OPTIONS,
  });
}

function pageKey(locale: Locale, path: string): string {
  return `${locale}\u0000${path}`;
}

function assertLocale(locale: string): asserts locale is Locale {
  if (!LOCALES.includes(locale as Locale)) throw new Error(`Unknown search locale: ${JSON.stringify(locale)}`);
}

function copyDocument(doc: SearchDocument): SearchDocument {
  assertLocale(doc.locale);
  const sections = doc.sections.map((s) => Object.freeze({ heading: s.heading ?? "", anchor: s.anchor ?? "", text: s.text ?? "" }));
  return Object.freeze({
    locale: doc.locale,
    path: doc.path,
    title: doc.title ?? "",
    description: doc.description,
    category: doc.category,
    sections: Object.freeze(sections) as SearchSection[],
  });
}

/** Sections as indexed; a page without sections gets one empty intro section so its title is searchable. */
function sectionsOf(doc: SearchDocument): SearchSection[] {
  return doc.sections.length > 0 ? doc.sections : [{ heading: "", anchor: "", text: "" }];
}

function indexedSections(page: PageRecord): IndexedSection[] {
  const { doc } = page;
  const meta = [doc.description ?? "", doc.category ?? ""].join("\n");
  return sectionsOf(doc).map((s, i) => ({
    id: page.ids[i]!,
    title: doc.title,
    heading: s.heading,
    text: s.text,
    meta: i === 0 ? meta : "",
  }));
}

/** Truncates to MAX_QUERY_LENGTH without splitting a surrogate pair. */
function clampQuery(query: string): string {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  let q = query.slice(0, MAX_QUERY_LENGTH);
  const last = q.charCodeAt(q.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) q = q.slice(0, -1);
  return q;
}

/**
 * Parts of a compound that must match when it is not found joined: the
 * affixes («می», «ها», …) and one- or two-letter words («به» in
 * «به‌روزرسانی») are left out when a longer part remains. They carry no
 * meaning of their own and occur in nearly every section, so requiring
 * them would only cost time («کتاب‌ها» then also finds «کتاب», which is
 * the desired stemming-like behaviour).
 */
function significantParts(parts: string[]): string[] {
  const kept = parts.filter((p) => p.length > 2 && !isAffix(p));
  return kept.length > 0 ? kept : parts;
}

/**
 * Query tree: every word (compound) must match (AND, or OR as a fallback).
 * A compound of several parts matches either its joined spelling or its
 * significant parts (all of them).
 */
function buildQuery(words: string[][], combineWith: "AND" | "OR"): Query {
  const queries: Query[] = words.map((parts) => {
    if (parts.length === 1) return parts[0]!;
    const sig = significantParts(parts);
    const alt: Query = sig.length === 1 ? sig[0]! : { combineWith: "AND", queries: sig };
    return { combineWith: "OR", queries: [parts.join(""), alt] };
  });
  return { combineWith, queries };
}

interface Best {
  ref: SectionRef;
  score: number;
  match: Record<string, string[]>;
}

export class SearchIndex {
  #engines = new Map<Locale, MiniSearch<IndexedSection>>(LOCALES.map((l) => [l, createMiniSearch()]));
  #pages = new Map<string, PageRecord>();
  #sections = new Map<number, SectionRef>();
  #nextId = 1;

  /** Number of pages (all locales). */
  get size(): number {
    return this.#pages.size;
  }

  /** Rebuilds the whole index from `docs` (a later duplicate locale+path wins). */
  replaceAll(docs: SearchDocument[]): void {
    const unique = new Map<string, SearchDocument>();
    for (const d of docs) unique.set(pageKey(d.locale, d.path), d);
    const engines = new Map<Locale, MiniSearch<IndexedSection>>(LOCALES.map((l) => [l, createMiniSearch()]));
    const pages = new Map<string, PageRecord>();
    const sections = new Map<number, SectionRef>();
    const batches = new Map<Locale, IndexedSection[]>(LOCALES.map((l) => [l, []]));
    for (const [key, d] of unique) {
      const page = this.#makePage(d, sections);
      pages.set(key, page);
      batches.get(page.doc.locale)!.push(...indexedSections(page));
    }
    for (const l of LOCALES) engines.get(l)!.addAll(batches.get(l)!);
    this.#engines = engines;
    this.#pages = pages;
    this.#sections = sections;
  }

  /** Adds a page or replaces the page with the same locale and path. */
  upsert(doc: SearchDocument): void {
    const page = this.#makePage(doc, null);
    this.remove(page.doc.locale, page.doc.path);
    for (const [i, id] of page.ids.entries()) this.#sections.set(id, { page, index: i });
    this.#pages.set(pageKey(page.doc.locale, page.doc.path), page);
    this.#engines.get(page.doc.locale)!.addAll(indexedSections(page));
  }

  /** Removes a page; a no-op when it is not indexed. */
  remove(locale: Locale, path: string): void {
    const key = pageKey(locale, path);
    const page = this.#pages.get(key);
    if (!page) return;
    this.#engines.get(locale)!.removeAll(indexedSections(page));
    for (const id of page.ids) this.#sections.delete(id);
    this.#pages.delete(key);
  }

  /** Best section of each matching page, by descending score. */
  search(query: string, locale: Locale, limit: number = DEFAULT_LIMIT): SearchResult[] {
    const engine = this.#engines.get(locale);
    if (!engine || !(limit >= 1)) return [];
    const words = compoundsOf(normalizeText(clampQuery(query)))
      .slice(0, MAX_QUERY_WORDS)
      .map((c) => c.map((p) => p.term));
    if (words.length === 0) return [];

    let raw = engine.search(buildQuery(words, "AND"));
    if (raw.length === 0 && words.length > 1) raw = engine.search(buildQuery(words, "OR"));
    if (raw.length === 0) return [];

    // `raw` is sorted by descending score, so a page's first hit is its best
    // section (an equal-scoring earlier section may follow: ties go to the
    // earlier section). Stop once `limit` pages are found and the score drops.
    const max = Math.floor(limit);
    const sections = this.#sections;
    const best = new Map<PageRecord, Best>();
    let cutoff = -Infinity;
    for (const r of raw) {
      if (r.score < cutoff) break;
      const ref = sections.get(r.id as number);
      if (!ref) continue;
      const prev = best.get(ref.page);
      if (!prev) {
        best.set(ref.page, { ref, score: r.score, match: r.match });
        if (best.size === max) cutoff = r.score;
      } else if (r.score === prev.score && ref.index < prev.ref.index) {
        best.set(ref.page, { ref, score: r.score, match: r.match });
      }
    }
    const top = [...best.values()]
      .sort((a, b) => b.score - a.score || (a.ref.page.doc.path < b.ref.page.doc.path ? -1 : 1))
      .slice(0, max);
    return top.map((b) => this.#toResult(b));
  }

  #makePage(doc: SearchDocument, sections: Map<number, SectionRef> | null): PageRecord {
    const copy = copyDocument(doc);
    const page: PageRecord = { doc: copy, ids: [] };
    const count = sectionsOf(copy).length;
    for (let i = 0; i < count; i++) {
      const id = this.#nextId++;
      page.ids.push(id);
      sections?.set(id, { page, index: i });
    }
    return page;
  }

  #toResult(b: Best): SearchResult {
    const { doc } = b.ref.page;
    const section = sectionsOf(doc)[b.ref.index]!;
    const textTerms = new Set<string>();
    let sectionMatched = false;
    for (const [term, fields] of Object.entries(b.match)) {
      if (fields.includes("text")) textTerms.add(term);
      if (fields.includes("text") || fields.includes("heading")) sectionMatched = true;
    }
    let source = section.text;
    if (!source && b.ref.index === 0 && doc.description) source = doc.description;
    const result: SearchResult = {
      path: doc.path,
      title: doc.title,
      excerpt: buildExcerpt(source, textTerms),
      score: b.score,
    };
    if (sectionMatched && section.anchor !== "") result.section = { heading: section.heading, anchor: section.anchor };
    return result;
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
        for (let j = i; j < k; j++) {
          joined += c[j]!.term;
          if (j + 1 <= maxJ || (i === 0 && j === k - 1)) candidates.push([joined, j + 1]);
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
