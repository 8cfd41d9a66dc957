/**
 * Whether a typed Latin word could be a word at all, by the shape of its letters: a query typed with the keyboard
 * in the wrong layout ("sgh" for «سلا», "lvsd" for «مرسی») mostly is not, since the keys of Persian's frequent
 * letters are consonant keys. Every English or romanised Persian word writes a vowel (y counts: "rhythm"), and none
 * runs six consonant letters together. The index's statistics do the rest (`searchAsMeant`): a word it does not
 * hold whole, and how many pages each reading of the query finds.
 *
 * Pure module: no Node APIs, safe to bundle for the browser.
 */

/** Consonant letters in a row that no English or romanised Persian word writes ("strengths" has five). */
const IMPOSSIBLE_RUN = 6;
const VOWELS = "aeiouy";

/** Is the normalised Latin term impossible as a word: no vowel letter, or IMPOSSIBLE_RUN consonants in a row? */
export function impossibleLatinWord(term: string): boolean {
  let vowels = 0;
  let run = 0;
  for (const ch of term) {
    if (ch < "a" || ch > "z") return false;
    if (VOWELS.includes(ch)) {
      vowels++;
      run = 0;
    } else if (++run >= IMPOSSIBLE_RUN) return true;
  }
  return term.length >= 2 && vowels === 0;
}
