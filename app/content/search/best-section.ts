/** Which section of a matched page a search result points to, and which of its words get highlighted. */
import { normalizeText } from "./normalize";
import { forEachIndexTerm } from "./tokenize";
import type { QueryWord } from "./query";
import { termMatchesLeaf } from "./term-matching";

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

export interface SectionChoice {
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
 * document terms the query matched in the `headings`/`text` fields are
 * looked for. Pages matched only by title/meta get their first section.
 */
export function chooseSection(
  sections: readonly { heading: string; text: string }[],
  match: Record<string, string[]>,
  words: QueryWord[],
): SectionChoice {
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
  if (sections.length === 1) return { index: 0, matched: true, textTerms };

  const headingWant = termFilter(headingMask.keys());
  const textWant = termFilter(textMask.keys());
  let best = 0;
  let bestScore = 0;
  sections.forEach((section, i) => {
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
