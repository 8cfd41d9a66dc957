/**
 * A search query, from the typed text to an FTS5 query (the index is in the database: ./search-index.server). ZWNJ
 * compounds match "joined spelling OR its significant parts", so «می‌خواهم»,
 * «می خواهم» and «میخواهم» find each other; every query word must match
 * (AND; OR only when AND finds nothing).
 */
import { normalizeText } from "./normalize";
import { compoundsOf, isAffix } from "./tokenize";
import { prefixFor } from "./term-matching";

/** Longest query considered, in UTF-16 units. */
export const MAX_QUERY_LENGTH = 200;
/** At most this many query words (compounds) are used. */
export const MAX_QUERY_WORDS = 12;

/** Truncates to MAX_QUERY_LENGTH without splitting a surrogate pair. */
function clampQuery(query: string): string {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  let q = query.slice(0, MAX_QUERY_LENGTH);
  const last = q.charCodeAt(q.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) q = q.slice(0, -1);
  return q;
}

/** A query word: a plain word, or a compound («می‌خواهم», «کتاب ها»). */
export interface QueryWord {
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

export function parseQuery(query: string): QueryWord[] {
  return compoundsOf(normalizeText(clampQuery(query)))
    .slice(0, MAX_QUERY_WORDS)
    .map((c) => {
      const parts = c.map((p) => p.term);
      return { parts, leaves: parts.length === 1 ? parts : [parts.join(""), ...significantParts(parts)] };
    });
}

/** The word with each pair of adjacent letters swapped ("javsacript" → "javascript", …). */
export function transpositions(word: string): string[] {
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
 * Other terms a query leaf also matches, exactly: its corrections when typos are tolerated (terms of the index
 * within its edit distance, its swapped-letter spellings). Any other kind of alternative spelling can be added here.
 */
export type Alternatives = ReadonlyMap<string, readonly string[]>;

/** A term as an FTS5 string (the app's terms hold no quote, but one would be doubled). */
function quoted(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * One leaf: the term exactly, as a prefix from MIN_PREFIX_LENGTH characters, or as one of its alternatives. The
 * exact term is also its own phrase next to the prefix one, so an exact match scores above a longer word's.
 */
function leafExpression(leaf: string, alternatives: Alternatives): string {
  const terms = [quoted(leaf)];
  if (prefixFor(leaf)) terms.push(`${quoted(leaf)}*`);
  for (const other of alternatives.get(leaf) ?? []) if (other !== leaf) terms.push(quoted(other));
  return terms.length === 1 ? terms[0]! : `(${terms.join(" OR ")})`;
}

/**
 * The FTS5 query of the words: every word must match (AND; OR is the fallback). A compound matches its joined
 * spelling, or all of its significant parts.
 */
export function matchExpression(words: QueryWord[], combineWith: "AND" | "OR", alternatives: Alternatives): string {
  const each = words.map(({ parts, leaves }) => {
    if (parts.length === 1) return leafExpression(leaves[0]!, alternatives);
    const joined = leafExpression(leaves[0]!, alternatives);
    const sig = leaves.slice(1).map((leaf) => leafExpression(leaf, alternatives));
    return `(${joined} OR ${sig.length === 1 ? sig[0]! : `(${sig.join(" AND ")})`})`;
  });
  return each.length === 1 ? each[0]! : `(${each.join(` ${combineWith} `)})`;
}

/** Does document term `term` match query leaf `leaf` through the expression above? */
export function matchesLeaf(term: string, leaf: string, alternatives: Alternatives): boolean {
  if (term === leaf || (prefixFor(leaf) && term.startsWith(leaf))) return true;
  return alternatives.get(leaf)?.includes(term) ?? false;
}
