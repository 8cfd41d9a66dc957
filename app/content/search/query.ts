/**
 * A search query, from the typed text to MiniSearch's query tree. ZWNJ
 * compounds match "joined spelling OR its significant parts", so «می‌خواهم»,
 * «می خواهم» and «میخواهم» find each other; every query word must match
 * (AND; OR only when AND finds nothing).
 */
import type { Query } from "minisearch";
import { normalizeText } from "./normalize";
import { compoundsOf, isAffix } from "./tokenize";
import { fuzzyFor } from "./term-matching";

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
export function buildQuery(words: QueryWord[], combineWith: "AND" | "OR", typos: boolean): Query {
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
