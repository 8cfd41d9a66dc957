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

/** The direction of `ch` (one character) when it is a letter, else null, by the Unicode expressions above. */
function directionByExpression(ch: string): Dir | null {
  if (!LETTER.test(ch)) return null;
  return RTL_LETTER.test(ch) ? "rtl" : "ltr";
}

// What each character of the Basic Multilingual Plane is, found by the expressions the first time it is met:
// 0 not yet looked at, 1 not a letter, 2 left to right, 3 right to left. Two Unicode expressions per character
// made counting a long page's letters the largest part of opening it in the editor, and of rendering it.
const NOT_LETTER = 1;
const LTR = 2;
const RTL = 3;
const bmpKind = new Uint8Array(0x10000);

function kindOf(unit: number): number {
  let kind = bmpKind[unit]!;
  if (kind === 0) {
    const dir = directionByExpression(String.fromCharCode(unit));
    kind = bmpKind[unit] = dir === "ltr" ? LTR : dir === "rtl" ? RTL : NOT_LETTER;
  }
  return kind;
}

const dirOfKind = [null, null, "ltr", "rtl"] as const;

/** The direction of one character when it is a letter, else null. */
export function letterDirection(ch: string): Dir | null {
  return ch.length === 1 ? (dirOfKind[kindOf(ch.charCodeAt(0))] ?? null) : directionByExpression(ch);
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
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const low = unit >= 0xd800 && unit <= 0xdbff ? text.charCodeAt(i + 1) : NaN;
    if (low >= 0xdc00 && low <= 0xdfff) {
      // A character beyond the BMP (a surrogate pair): rare in prose, looked at each time.
      const dir = directionByExpression(text.slice(i, i + 2));
      if (dir) count[dir]++;
      i++;
      continue;
    }
    const kind = kindOf(unit);
    if (kind === LTR) count.ltr++;
    else if (kind === RTL) count.rtl++;
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
