/**
 * Site search over an index kept in the database, shared by every instance and never held whole in memory.
 *
 * - `search_pages` has a row per page (locale, path, title, description and the version of the page row it
 *   was made from), `search_sections` its sections as written, and the FTS5 table `search_text` (same rowid)
 *   its words in the columns `locale`, `title`, `headings` (every section heading), `meta` (description and
 *   category) and `text` (every section's text). Ranking is FTS5's BM25 with the weights title > headings >
 *   meta > text. A page is the unit of results; the sections of the few pages returned are then read to choose
 *   the best one and cut the excerpt (`./best-section`, `./excerpt`).
 * - Words are normalised (`./normalize`) and split (`./tokenize`) here, in TypeScript, both Persian-aware, and
 *   stored separated by spaces; FTS5's "ascii" tokenizer then only splits at the spaces, so the index and the
 *   queries use one normalisation (the one excerpts highlight with too). ZWNJ compounds are indexed both as
 *   their parts and joined (see `tokenizeForIndex`), and a query compound matches "joined spelling OR its
 *   significant parts" (`./query`), so «می‌خواهم», «می خواهم» and «میخواهم» find each other.
 * - Matching: every query word must match (AND; OR only when AND finds nothing); prefix matching from 3
 *   characters; typo tolerance (1 edit from 5 characters, 2 from 8, plus swapped adjacent letters) only when exact
 *   and prefix matches do not fill the requested number of results (`./term-matching`). FTS5 has no fuzzy
 *   matching: a word's corrections are the words of the index's vocabulary (`search_terms`) that begin with
 *   its first letter, within its edit distance (a bounded read of one key range per word). A typo in the first
 *   letter is not corrected.
 * - Across scripts: every indexed word with a consonant skeleton (`./skeleton`) is kept in `search_skeletons`, and
 *   when the results are not filled otherwise, a query word also matches the words of the other script with its
 *   skeleton («گیت» finds "Git", "ketab" finds «کتاب»), whose pages come after those of the query's own script.
 * - Keyboard layouts (`searchAsMeant`): a query typed wholly in one layout whose words find nothing as typed, or
 *   are implausible as typed and find far fewer pages than the other reading, is searched as if typed in the
 *   other layout (`./keyboard-layout`) and answered that way when that finds pages.
 * - Two query words typed apart that are one word in the other script («ری اکت», "react") are joined for it.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { writeTransaction } from "~/db/transaction.server";
import { isLocale, type Locale } from "~/i18n/locales";
import { chooseSection } from "./best-section";
import { buildExcerpt, type ExcerptPart } from "./excerpt";
import { normalizeText } from "./normalize";
import { forEachIndexTerm } from "./tokenize";
import { matchExpression, matchesLeaf, parseQuery, transpositions, type Alternatives, type QueryWord } from "./query";
import { fuzzyFor, withinDistance } from "./term-matching";
import { switchLayout } from "./keyboard-layout";
import { impossibleLatinWord } from "./plausibility";
import { otherScript, scriptOf, SHORT_SKELETON, skeletonOf, vowelsAgree } from "./skeleton";

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

/** Which version of which page row a search page was made from. */
export interface SearchSource {
  pageId: number;
  updatedAt: Date;
}

/** What the index makes of a page; a change here must raise it, so that every page is indexed again. */
export const SEARCH_FORMAT = 3;

const DEFAULT_LIMIT = 8;

/** bm25() weights, in the column order of `search_text`: locale, title, headings, meta, text. */
const RANKING = "bm25(0, 4, 2, 1.5, 1)";
/**
 * Pages ranked after the last one returned that are still read, so that pages tied with it are ordered by path.
 * FTS5 keeps only the best `limit + TIE_WINDOW` of the matches (no join or sort of every match).
 */
const TIE_WINDOW = 32;

/** Corrections kept per query word (the closest first), and vocabulary terms read to find them. */
const MAX_CORRECTIONS = 24;
const MAX_VOCABULARY_READ = 20_000;
/** Words of the other script kept per query word found by its skeleton. */
const MAX_SKELETON_TERMS = 16;
/** Words read for a short skeleton, of which those whose vowels agree are kept. */
const MAX_SHORT_SKELETON_READ = 500;
/** Pairs of adjacent query words looked up joined («ری اکت»), each one key lookup. */
const MAX_JOINED = 3;
/**
 * A query that finds pages as typed, but fewer than the results asked for, and is implausible is read in the other
 * layout when that finds at least LAYOUT_RATIO times as many pages.
 */
const LAYOUT_RATIO = 5;
/** A letter pair held by fewer words of the vocabulary than this is one the query's script does not write. */
const RARE_PAIR = 3;
/** Words of a script the vocabulary must hold before its letter pairs are judged. */
const PAIRS_VOCABULARY = 2_000;

function assertLocale(locale: string): asserts locale is Locale {
  if (!isLocale(locale)) throw new Error(`Unknown search locale: ${JSON.stringify(locale)}`);
}

/** Joins the parts of a field; not whitespace-only, so no compound spans two parts. */
const PART_BREAK = "\n¶\n";

/** The index terms of a text. */
function indexTerms(text: string): string[] {
  const out: string[] = [];
  forEachIndexTerm(normalizeText(text), (term) => out.push(term));
  return out;
}

/** A term's first letter, the key `search_terms` is read by (as SQLite's substr(term, 1, 1)). */
function headOf(term: string): string {
  return String.fromCodePoint(term.codePointAt(0)!);
}

/** A term's length in characters (as SQLite's length()). */
function lengthOf(term: string): number {
  let n = 0;
  for (const _ of term) n++;
  return n;
}

/**
 * Records `terms` in the vocabulary typo corrections are read from (kept: a word no page holds matches nothing).
 * One statement with one JSON parameter, whatever the number of terms.
 */
async function recordTerms(tx: Database, terms: ReadonlySet<string>): Promise<void> {
  if (terms.size === 0) return;
  const added = await tx.all<{ term: string }>(sql`
    insert or ignore into search_terms (head, length, term)
    select substr(value, 1, 1), length(value), value from json_each(${JSON.stringify([...terms])})
    returning term`);
  await countLetterPairs(tx, added);
  const skeletons: [string, string, string][] = [];
  for (const term of terms) {
    const key = skeletonOf(term);
    if (key) for (const skeleton of key.skeletons) skeletons.push([skeleton, key.script, term]);
  }
  if (skeletons.length === 0) return;
  await tx.run(sql`
    insert or ignore into search_skeletons (skeleton, script, term)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
    from json_each(${JSON.stringify(skeletons)})`);
}

/** The adjacent letter pairs of a term, each once. */
function letterPairs(term: string): Set<string> {
  const chars = [...term];
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i]! + chars[i + 1]!);
  return pairs;
}

/**
 * Counts the letter pairs of words new to the vocabulary in `search_letter_pairs`, and the words of each script
 * (the rows keyed "latn" and "arab"), in one statement.
 */
async function countLetterPairs(tx: Database, added: readonly { term: string }[]): Promise<void> {
  const counts = new Map<string, number>();
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const { term } of added) {
    for (const pair of letterPairs(term)) count(pair);
    const script = scriptOf(term);
    if (script !== undefined) count(script);
  }
  if (counts.size === 0) return;
  await tx.run(sql`
    insert into search_letter_pairs (pair, terms)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${JSON.stringify([...counts])})
    where true
    on conflict (pair) do update set terms = terms + excluded.terms`);
}

/** The sections stored for a page; a page without sections gets one empty intro section so it still has a target. */
function sectionsOf(doc: SearchDocument): SearchSection[] {
  const sections = doc.sections.map((s) => ({ heading: s.heading ?? "", anchor: s.anchor ?? "", text: s.text ?? "" }));
  if (sections.length === 0) sections.push({ heading: "", anchor: "", text: "" });
  return sections;
}

/** A page's address in the index. */
export interface SearchKey {
  locale: Locale;
  path: string;
}

/**
 * The search pages of `keys`, as a subquery of their ids (one JSON parameter, whatever the number of keys). CROSS
 * JOIN keeps the keys the outer loop, each page found by its address's index, however large the index grows.
 */
function idsOf(keys: readonly SearchKey[]) {
  return sql`select s.id from json_each(${JSON.stringify(keys.map((k) => [k.locale, k.path]))}) k
    cross join search_pages s on s.locale = json_extract(k.value, '$[0]') and s.path = json_extract(k.value, '$[1]')`;
}

/**
 * Removes the search pages of `keys` (those indexed), their sections and their words, in the caller's
 * transaction. A few statements whatever the number of pages: every statement costs the libSQL client some
 * native memory it does not give back, so the index is written a batch at a time, not a row at a time.
 */
export async function removePages(tx: Database, keys: readonly SearchKey[]): Promise<void> {
  if (keys.length === 0) return;
  const ids = await tx.all<{ id: number }>(idsOf(keys));
  if (ids.length === 0) return;
  const list = JSON.stringify(ids.map((row) => row.id));
  await tx.run(sql`delete from search_text where rowid in (select value from json_each(${list}))`);
  await tx.run(sql`delete from search_sections where search_page_id in (select value from json_each(${list}))`);
  await tx.run(sql`delete from search_pages where id in (select value from json_each(${list}))`);
}

/** A page to write, and the version of the page row it was made from. */
export interface SearchEntry {
  doc: SearchDocument;
  source: SearchSource;
}

/** Writes pages (each replacing the one at its locale and path; a later duplicate wins), in the caller's transaction. */
export async function writePages(tx: Database, entries: readonly SearchEntry[]): Promise<void> {
  const unique = [...new Map(entries.map((e) => [`${e.doc.locale}\u0000${e.doc.path}`, e])).values()];
  for (const { doc } of unique) assertLocale(doc.locale);
  if (unique.length === 0) return;
  await removePages(tx, unique.map(({ doc }) => doc));
  const rows = unique.map(({ doc, source }) => [
    doc.locale,
    doc.path,
    doc.title ?? "",
    doc.description ?? "",
    source.pageId,
    source.updatedAt.getTime(),
  ]);
  const inserted = await tx.all<{ id: number; locale: string; path: string }>(sql`
    insert into search_pages (locale, path, title, description, page_id, page_updated_at, format)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]'), ${SEARCH_FORMAT}
    from json_each(${JSON.stringify(rows)})
    returning id, locale, path`);
  const idOf = new Map(inserted.map((row) => [`${row.locale}\u0000${row.path}`, row.id]));
  const texts: unknown[] = [];
  const sectionRows: unknown[] = [];
  const terms = new Set<string>();
  for (const { doc } of unique) {
    const id = idOf.get(`${doc.locale}\u0000${doc.path}`)!;
    const sections = sectionsOf(doc);
    const title = indexTerms(doc.title ?? "");
    const headings = indexTerms(sections.map((s) => s.heading).join(PART_BREAK));
    const text = indexTerms(sections.map((s) => s.text).join(PART_BREAK));
    const meta = indexTerms([doc.description ?? "", doc.category ?? ""].join(PART_BREAK));
    // Stored separated by spaces: FTS5's "ascii" tokenizer splits them there and nowhere else.
    texts.push([id, doc.locale, title.join(" "), headings.join(" "), meta.join(" "), text.join(" ")]);
    for (const list of [title, headings, text, meta]) for (const term of list) terms.add(term);
    sections.forEach((s, position) => sectionRows.push([id, position, s.heading, s.anchor, s.text]));
  }
  await tx.run(sql`
    insert into search_text (rowid, locale, title, headings, meta, text)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           json_extract(value, '$[3]'), json_extract(value, '$[4]'), json_extract(value, '$[5]')
    from json_each(${JSON.stringify(texts)})`);
  await tx.run(sql`
    insert into search_sections (search_page_id, position, heading, anchor, text)
    select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           json_extract(value, '$[3]'), json_extract(value, '$[4]')
    from json_each(${JSON.stringify(sectionRows)})`);
  await recordTerms(tx, terms);
}

interface Hit {
  id: number;
  path: string;
  title: string;
  description: string;
  rank: number;
}

/** The index's terms within `leaf`'s typo distance, the closest first (bounded work: one key range of `search_terms`). */
async function corrections(db: Database, leaf: string): Promise<string[]> {
  const distance = fuzzyFor(leaf);
  if (distance === 0) return [];
  const rows = await db.all<{ term: string }>(sql`
    select term from search_terms
    where head = ${headOf(leaf)} and length between ${lengthOf(leaf) - distance} and ${lengthOf(leaf) + distance}
    limit ${MAX_VOCABULARY_READ}`);
  const found: { term: string; d: number }[] = [];
  for (const { term } of rows) {
    if (term === leaf || !withinDistance(term, leaf, distance)) continue;
    found.push({ term, d: withinDistance(term, leaf, 1) ? 1 : 2 });
  }
  found.sort((a, b) => a.d - b.d || (a.term < b.term ? -1 : 1));
  return found.slice(0, MAX_CORRECTIONS).map((c) => c.term);
}

/** Every leaf's corrections, and a single word's swapped-letter spellings. */
async function typoAlternatives(db: Database, words: QueryWord[]): Promise<Alternatives> {
  const alternatives = new Map<string, string[]>();
  for (const { parts, leaves } of words) {
    for (const leaf of leaves) {
      if (alternatives.has(leaf) || fuzzyFor(leaf) === 0) continue;
      const swapped = parts.length === 1 ? transpositions(leaf) : [];
      alternatives.set(leaf, [...new Set([...(await corrections(db, leaf)), ...swapped])]);
    }
  }
  return alternatives;
}

/**
 * Every leaf's words in the other script with the same consonant skeleton («گیت» → "git", "ketab" → «کتاب»): one
 * key lookup per leaf that has a skeleton, at most MAX_SKELETON_TERMS words each.
 */
async function scriptAlternatives(db: Database, words: QueryWord[]): Promise<Alternatives> {
  const alternatives = new Map<string, string[]>();
  for (const { leaves } of words) {
    for (const leaf of leaves) {
      if (alternatives.has(leaf)) continue;
      const key = skeletonOf(leaf);
      if (!key) continue;
      // A short skeleton is shared by many words: more are read, and only those whose vowels agree are kept.
      const short = key.skeletons[0]!.length <= SHORT_SKELETON;
      const terms: string[] = [];
      for (const skeleton of key.skeletons) {
        // One key range each, read in the key's order: no sort.
        const rows = await db.all<{ term: string }>(sql`
          select term from search_skeletons where skeleton = ${skeleton} and script = ${otherScript(key.script)}
          order by term limit ${short ? MAX_SHORT_SKELETON_READ : MAX_SKELETON_TERMS}`);
        for (const { term } of rows) {
          if (terms.length === MAX_SKELETON_TERMS) break;
          if ((!short || vowelsAgree(leaf, term)) && !terms.includes(term)) terms.push(term);
        }
      }
      if (terms.length > 0) alternatives.set(leaf, terms);
    }
  }
  return alternatives;
}

/**
 * The query with each two adjacent words of one script that, written together, are a word of the other script
 * («ری اکت» → "react", "java script" → «جاوااسکریپت») made one compound: it matches the two words or their joined
 * spelling's words of the other script, which `alternatives` gains. Looks up at most MAX_JOINED pairs.
 */
async function joinSplitWords(
  db: Database,
  words: QueryWord[],
  alternatives: Alternatives,
): Promise<{ words: QueryWord[]; alternatives: Alternatives }> {
  const out: QueryWord[] = [];
  let all = alternatives;
  let looked = 0;
  for (let i = 0; i < words.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]];
    if (b && a.parts.length === 1 && b.parts.length === 1 && looked < MAX_JOINED) {
      const [first, second] = [a.parts[0]!, b.parts[0]!];
      const joined = first + second;
      if (scriptOf(first) !== undefined && scriptOf(first) === scriptOf(second) && skeletonOf(joined)) {
        looked++;
        const found = await scriptAlternatives(db, [{ parts: [joined], leaves: [joined] }]);
        if (found.size > 0) {
          out.push({ parts: [first, second], leaves: [joined, first, second] });
          all = mergeAlternatives(all, found);
          i++;
          continue;
        }
      }
    }
    out.push(a);
  }
  return { words: out, alternatives: all };
}

/** Both sets of alternatives of each leaf. */
function mergeAlternatives(a: Alternatives, b: Alternatives): Alternatives {
  if (a.size === 0) return b;
  if (b.size === 0) return a;
  const merged = new Map(a);
  for (const [leaf, terms] of b) merged.set(leaf, [...new Set([...(a.get(leaf) ?? []), ...terms])]);
  return merged;
}

/** What a search found, and the query it searched when that is not what was typed. */
export interface SearchAnswer {
  results: SearchResult[];
  /** The query as meant, when the typed one was in the wrong keyboard layout and that one was searched instead. */
  showing?: string;
}

export class SearchIndex {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Number of pages (all locales). */
  async size(): Promise<number> {
    const [row] = await this.#db.all<{ n: number }>(sql`select count(*) as n from search_pages`);
    return row?.n ?? 0;
  }

  /** Rebuilds the whole index from `docs` (a later duplicate locale+path wins). */
  async replaceAll(docs: SearchDocument[], source: SearchSource = { pageId: 0, updatedAt: new Date(0) }): Promise<void> {
    for (const doc of docs) assertLocale(doc.locale);
    await writeTransaction(this.#db, async (tx) => {
      await tx.run(sql`delete from search_text`);
      await tx.run(sql`delete from search_sections`);
      await tx.run(sql`delete from search_pages`);
      await tx.run(sql`delete from search_terms`);
      await tx.run(sql`delete from search_skeletons`);
      await tx.run(sql`delete from search_letter_pairs`);
      await writePages(
        tx,
        docs.map((doc) => ({ doc, source })),
      );
    });
  }

  /** Adds a page or replaces the page with the same locale and path. */
  async upsert(doc: SearchDocument, source: SearchSource = { pageId: 0, updatedAt: new Date(0) }): Promise<void> {
    assertLocale(doc.locale);
    await writeTransaction(this.#db, (tx) => writePages(tx, [{ doc, source }]));
  }

  /** Removes a page; a no-op when it is not indexed. */
  async remove(locale: Locale, path: string): Promise<void> {
    await writeTransaction(this.#db, (tx) => removePages(tx, [{ locale, path }]));
  }

  /** Pages matching an FTS5 expression, best first (ties by path), at most `limit`. */
  async #hits(expression: string, locale: Locale, limit: number): Promise<Hit[]> {
    const query = `locale : "${locale}" AND ${expression}`;
    const rows = await this.#db.all<Hit>(sql`
      select p.id as id, p.path as path, p.title as title, p.description as description, m.rank as rank
      from (select rowid, rank from search_text where search_text match ${query} and rank match ${RANKING}
            order by rank limit ${limit + TIE_WINDOW}) m
      join search_pages p on p.id = m.rowid
      order by m.rank, p.path
      limit ${limit}`);
    return rows;
  }

  /** Matching pages by descending score, each with its best section and an excerpt. */
  async search(query: string, locale: Locale, limit: number = DEFAULT_LIMIT): Promise<SearchResult[]> {
    if (!isLocale(locale) || !(limit >= 1)) return [];
    const words = parseQuery(query);
    if (words.length === 0) return [];
    return this.#results(words, locale, Math.floor(limit));
  }

  /**
   * Like `search`, but a query typed with the keyboard in the other language's layout ("lvsd" for «مرسی», «لهف»
   * for "git") is searched as it was meant, and `showing` says so. The converted query is used when its own words
   * find pages and what was typed finds none, or finds fewer than `limit` but is implausible as typed
   * (`#implausible`: "sgh" is the beginning of a hash, «سلا» the beginning of hundreds of words) and the converted
   * one finds at least LAYOUT_RATIO times as many pages. A plausible query found as typed is never rewritten, however few pages it
   * finds. `exactly` searches what was typed and nothing else.
   */
  async searchAsMeant(query: string, locale: Locale, limit = DEFAULT_LIMIT, exactly = false): Promise<SearchAnswer> {
    if (!isLocale(locale) || !(limit >= 1)) return { results: [] };
    const max = Math.floor(limit);
    const words = parseQuery(query);
    if (words.length === 0) return { results: [] };
    const typed = await this.#hits(matchExpression(words, "AND", new Map()), locale, max);
    const switched = exactly ? undefined : switchLayout(query);
    const meant = switched === undefined ? [] : parseQuery(switched);
    if (meant.length > 0) {
      const meantExpression = matchExpression(meant, "AND", new Map());
      let found: Hit[] = [];
      if (typed.length === 0) found = await this.#hits(meantExpression, locale, max);
      else if (typed.length < max && (await this.#implausible(words))) {
        // Found as typed, but not as words: the other reading wins only when it finds far more pages.
        const needed = typed.length * LAYOUT_RATIO;
        if ((await this.#count(meantExpression, locale, needed)) >= needed) {
          found = await this.#hits(meantExpression, locale, max);
        }
      }
      if (found.length > 0) return { results: await this.#results(meant, locale, max, found), showing: switched!.trim() };
    }
    return { results: await this.#results(words, locale, max, typed) };
  }

  /**
   * Is every word of the query implausible as typed? A Latin word impossible by its shape (`./plausibility`), or a
   * word with a pair of adjacent letters that fewer than RARE_PAIR words of the index's vocabulary hold, once it
   * holds PAIRS_VOCABULARY words of the script ("jivhk", «تهران» typed in the US layout: English words write no "vh"
   * or "hk"), or a Persian word the vocabulary does not hold whole (found only as the beginning of longer words,
   * since Persian letters allow nearly any sequence).
   */
  async #implausible(words: QueryWord[]): Promise<boolean> {
    const terms = words.map(({ leaves }) => leaves[0]!);
    if (terms.some((term) => scriptOf(term) === undefined)) return false;
    // One read: the counts of the words' letter pairs and scripts, and which Persian words the vocabulary holds.
    const keys = [...new Set(terms.flatMap((term) => [scriptOf(term)!, ...letterPairs(term)]))];
    const persian = terms.filter((term) => scriptOf(term) === "arab");
    const rows = await this.#db.all<{ key: string; n: number }>(sql`
      select pair as key, terms as n from search_letter_pairs
      where pair in (select value from json_each(${JSON.stringify(keys)}))
      union all
      select '=' || t.term, 1 from json_each(${JSON.stringify(persian)}) w
      join search_terms t on t.head = substr(w.value, 1, 1) and t.length = length(w.value) and t.term = w.value`);
    const counts = new Map(rows.map((row) => [row.key, row.n]));
    for (const term of terms) {
      // A small vocabulary holds too few words to tell a rare pair from one not met yet.
      const judged = (counts.get(scriptOf(term)!) ?? 0) >= PAIRS_VOCABULARY;
      const rare = judged && [...letterPairs(term)].some((pair) => (counts.get(pair) ?? 0) < RARE_PAIR);
      if (impossibleLatinWord(term) || rare) continue;
      if (scriptOf(term) === "latn" || counts.has(`=${term}`)) return false;
    }
    return true;
  }

  /** How many pages match an FTS5 expression, counted up to `cap`. */
  async #count(expression: string, locale: Locale, cap: number): Promise<number> {
    const [row] = await this.#db.all<{ n: number }>(sql`
      select count(*) as n from (select rowid from search_text
        where search_text match ${`locale : "${locale}" AND ${expression}`} limit ${cap})`);
    return row?.n ?? 0;
  }

  /**
   * The pages of the parsed query. Exact and prefix matches first; then, while they do not fill the page, typo
   * corrections (correcting a well typed frequent word costs time and mostly adds noise) and then the words of the
   * other script with the same skeleton, whose pages follow those of the query's own script; OR when AND finds
   * nothing. `exact` is the first step's answer when the caller has it already.
   */
  async #results(words: QueryWord[], locale: Locale, max: number, exact?: Hit[]): Promise<SearchResult[]> {
    let alternatives: Alternatives = new Map();
    /** The words the results are highlighted for: the query's, or with split words joined. */
    let shown = words;
    let hits = exact ?? (await this.#hits(matchExpression(words, "AND", alternatives), locale, max));
    if (hits.length < max) {
      const typos = await typoAlternatives(this.#db, words);
      if ([...typos.values()].some((terms) => terms.length > 0)) {
        const withTypos = await this.#hits(matchExpression(words, "AND", typos), locale, max);
        if (withTypos.length > hits.length) [hits, alternatives] = [withTypos, typos];
      }
      const split = await joinSplitWords(this.#db, words, await scriptAlternatives(this.#db, words));
      const scripts = split.alternatives;
      const all = mergeAlternatives(typos, scripts);
      if (scripts.size > 0) {
        const across = await this.#hits(matchExpression(split.words, "AND", all), locale, max);
        const seen = new Set(hits.map((hit) => hit.id));
        const added = across.filter((hit) => !seen.has(hit.id)).slice(0, max - hits.length);
        if (added.length > 0) {
          [hits, alternatives] = [[...hits, ...added], mergeAlternatives(alternatives, scripts)];
          shown = split.words;
        }
      }
      if (hits.length === 0 && words.length > 1) {
        [hits, alternatives] = [await this.#hits(matchExpression(words, "OR", all), locale, max), all];
        shown = words;
      }
    }
    const results: SearchResult[] = [];
    for (const hit of hits) results.push(await this.#result(hit, shown, alternatives));
    return results;
  }

  /** A hit with its best section and excerpt, read from its sections. */
  async #result(hit: Hit, words: QueryWord[], alternatives: Alternatives): Promise<SearchResult> {
    const sections = await this.#db.all<SearchSection>(sql`
      select heading, anchor, text from search_sections where search_page_id = ${hit.id} order by position`);
    if (sections.length === 0) sections.push({ heading: "", anchor: "", text: "" });
    const choice = chooseSection(sections, matchedTerms(sections, words, alternatives), words);
    const section = sections[choice.index]!;
    let source = section.text;
    if (!source && choice.index === 0 && hit.description) source = hit.description;
    const result: SearchResult = {
      path: hit.path,
      title: hit.title,
      excerpt: buildExcerpt(source, choice.matched ? choice.textTerms : new Set()),
      score: -hit.rank,
    };
    if (choice.matched && section.anchor !== "") result.section = { heading: section.heading, anchor: section.anchor };
    return result;
  }
}

/** The terms of a page's headings and text that the query matched, with the fields they are in. */
function matchedTerms(
  sections: readonly SearchSection[],
  words: QueryWord[],
  alternatives: Alternatives,
): Record<string, string[]> {
  const leaves = [...new Set(words.flatMap((w) => w.leaves))];
  const verdict = new Map<string, boolean>();
  const matches = (term: string): boolean => {
    let v = verdict.get(term);
    if (v === undefined) {
      v = leaves.some((leaf) => matchesLeaf(term, leaf, alternatives));
      verdict.set(term, v);
    }
    return v;
  };
  const match = Object.create(null) as Record<string, string[]>;
  const collect = (field: string) => (term: string) => {
    if (!matches(term)) return;
    const fields = (match[term] ??= []);
    if (!fields.includes(field)) fields.push(field);
  };
  for (const s of sections) {
    if (s.heading) forEachIndexTerm(normalizeText(s.heading), collect("headings"));
    if (s.text) forEachIndexTerm(normalizeText(s.text), collect("text"));
  }
  return match;
}
