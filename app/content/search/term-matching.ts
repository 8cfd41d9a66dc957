/**
 * How a query term matches a document term: exactly, as a prefix (from
 * MIN_PREFIX_LENGTH characters) or with typos (from 5 characters). The index
 * is queried with these rules, and the best-section choice re-checks the
 * matched words with the same rules.
 */

/**
 * Prefix matching for every term of at least MIN_PREFIX_LENGTH characters.
 * Shorter terms still match whole words exactly, but a one- or two-letter
 * prefix expands to a large part of the vocabulary (hundreds of terms and a
 * large share of all postings): slow, and the ranking is close to random.
 */
export const MIN_PREFIX_LENGTH = 3;
export function prefixFor(term: string): boolean {
  return term.length >= MIN_PREFIX_LENGTH;
}

/**
 * Typo tolerance: 20% of the term length, rounded, at most 2 edits
 * (Levenshtein: a transposition such as "javascirpt" counts as 2). Short
 * Persian words are one letter apart from unrelated words («کتاب»/«کباب»,
 * «دوست»/«درست»), so terms under 5 characters must match exactly.
 */
export function fuzzyFor(term: string): number {
  if (term.length < 5) return 0;
  return Math.min(2, Math.round(term.length * 0.2));
}

/** Levenshtein distance of a and b is at most max. */
export function withinDistance(a: string, b: string, max: number): boolean {
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

/** Does document term `term` match query leaf `leaf` the way the index matches it (exact, prefix or fuzzy)? */
export function termMatchesLeaf(term: string, leaf: string): boolean {
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
