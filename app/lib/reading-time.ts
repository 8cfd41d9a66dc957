/**
 * How long a text is, counted one way wherever it is shown (a post's reading time, the editor's count): a word is
 * a run between spaces holding a letter or a digit, so punctuation and markdown's marks alone are not words.
 */
export const WORDS_PER_MINUTE = 200;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes to read `words`, at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
