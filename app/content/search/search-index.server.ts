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
 *   terms MiniSearch matched (`./best-section`).
 * - Text is normalised (`./normalize`) and split into words (`./tokenize`),
 *   both Persian-aware; ZWNJ compounds are indexed both as their parts and
 *   joined (see `tokenizeForIndex`), and a query compound matches "joined
 *   spelling OR its significant parts" (`./query`), so «می‌خواهم»,
 *   «می خواهم» and «میخواهم» find each other.
 * - Matching: every query word must match (AND; OR only when AND finds
 *   nothing); prefix matching from 3 characters; typo tolerance (1 edit from
 *   5 characters, 2 from 8, plus swapped adjacent letters) only when exact
 *   and prefix matches do not fill the requested number of results
 *   (`./term-matching`).
 * - Excerpts are cut around the first highlighted word (`./excerpt`).
 */
import MiniSearch, { type SearchOptions } from "minisearch";
import { isLocale, locales, type Locale } from "~/i18n/locales";
import { chooseSection } from "./best-section";
import { buildExcerpt, type ExcerptPart } from "./excerpt";
import { tokenizeForIndex } from "./tokenize";
import { buildQuery, parseQuery } from "./query";
import { fuzzyFor, prefixFor } from "./term-matching";

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

export interface SearchResult {
  path: string;
  title: string;
  section?: { heading: string; anchor: string };
  excerpt: ExcerptPart[];
  score: number;
}

const DEFAULT_LIMIT = 8;

const FIELDS = ["title", "headings", "text", "meta"] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { title: 4, headings: 2, meta: 1.5, text: 1 };

/** What MiniSearch indexes for one page. Only `id` is kept by MiniSearch. */
type IndexedPage = { id: number } & Record<Field, string>;

interface PageRecord {
  id: number;
  doc: SearchDocument; // private, frozen copy
}

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  prefix: prefixFor,
  fuzzy: (term) => fuzzyFor(term) || false,
  maxFuzzy: 2,
  // Query leaves are already normalised single terms (see buildQuery in ./query).
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
  if (!isLocale(locale)) throw new Error(`Unknown search locale: ${JSON.stringify(locale)}`);
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

export class SearchIndex {
  #engines = new Map<Locale, MiniSearch<IndexedPage>>(locales.map((l) => [l, createMiniSearch()]));
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
    const engines = new Map<Locale, MiniSearch<IndexedPage>>(locales.map((l) => [l, createMiniSearch()]));
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
      const choice = chooseSection(doc.sections, match, words);
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
