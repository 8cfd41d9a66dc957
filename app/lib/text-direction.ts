/**
 * The one rule for the direction a block of text reads in. The editor, its preview and the site's renderer all
 * decide with it, so a block shows in the editor as it will be published:
 *
 * 1. A block that starts with a direction mark reads in the mark's direction (RLM or ALM: right to left; LRM: left
 *    to right). The marks are invisible and kept in the file: they are how a writer overrides the rule.
 * 2. Otherwise its letters decide, weighed toward the page's language: the block reads in the page's direction
 *    unless letters of the other direction outnumber the page's more than two to one. A Persian sentence that
 *    merely begins with an English word or a number ("React یک کتابخانه…") stays right to left on a Persian page;
 *    an English paragraph quoted in a Persian post reads left to right.
 * 3. Digits, spaces and punctuation are not letters, and inline code is not read: a block without letters has no
 *    direction of its own (null), and takes the direction of what holds it (its list, quote or table, or the page).
 */
export type Dir = "ltr" | "rtl";

/** Left-to-right mark. */
export const LRM = "\u200E";
/** Right-to-left mark. */
export const RLM = "\u200F";
/** Arabic letter mark: a right-to-left mark too. */
const ALM = "\u061C";

const RTL_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const LETTER = /\p{L}/u;

/** The direction of one character when it is a letter, else null. */
export function letterDirection(ch: string): Dir | null {
  if (!LETTER.test(ch)) return null;
  return RTL_LETTER.test(ch) ? "rtl" : "ltr";
}

/** Letters counted by direction. */
export interface LetterCount {
  ltr: number;
  rtl: number;
}

export function emptyCount(): LetterCount {
  return { ltr: 0, rtl: 0 };
}

/** Adds the letters of `text` to `count`. */
export function countLetters(text: string, count: LetterCount): void {
  for (const ch of text) {
    const dir = letterDirection(ch);
    if (dir) count[dir]++;
  }
}

/** The direction of the mark `text` starts with (the writer's override), or null. */
export function leadingMark(text: string): Dir | null {
  if (text.startsWith(RLM) || text.startsWith(ALM)) return "rtl";
  if (text.startsWith(LRM)) return "ltr";
  return null;
}

/** Rule 2: the direction counted letters read in on a page of `pageDir`; null without letters. */
export function directionOfLetters(count: LetterCount, pageDir: Dir): Dir | null {
  if (count.ltr === 0 && count.rtl === 0) return null;
  const other: Dir = pageDir === "rtl" ? "ltr" : "rtl";
  return count[other] > 2 * count[pageDir] ? other : pageDir;
}

/** The whole rule for a block given as runs of text (code runs are not read); null when it has no letters. */
export function textDirection(runs: readonly { text: string; code?: boolean }[], pageDir: Dir): Dir | null {
  const first = runs.find((run) => run.text.length > 0);
  const mark = first && !first.code ? leadingMark(first.text) : null;
  if (mark) return mark;
  const count = emptyCount();
  for (const run of runs) if (!run.code) countLetters(run.text, count);
  return directionOfLetters(count, pageDir);
}
