/**
 * The direction of a block of text in the editor: its first strong character decides (a Persian paragraph is
 * right-to-left, an English one left-to-right), as a browser does for `dir="auto"`, which is what the site's
 * renderer gives such blocks. Digits, spaces and punctuation are weak and skipped. Code is always
 * left-to-right and is not read for its block's direction.
 *
 * A writer overrides the rule for one block by starting it with a direction mark, RLM (U+200F) or LRM
 * (U+200E): the marks are strong characters, invisible, and kept in the markdown file, so the published page
 * (whose blocks resolve `dir="auto"` the same way) reads as the editor showed it.
 */
export type Dir = "ltr" | "rtl";

export const LRM = "\u200E";
export const RLM = "\u200F";
const ALM = "\u061C";

const RTL_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;
const LETTER = /\p{L}/u;

/** The direction of the first strong character of `text`, or null when it has none. */
export function firstStrongDirection(text: string): Dir | null {
  for (const ch of text) {
    if (ch === LRM) return "ltr";
    if (ch === RLM || ch === ALM) return "rtl";
    if (LETTER.test(ch)) return RTL_LETTER.test(ch) ? "rtl" : "ltr";
  }
  return null;
}

/**
 * A block's direction from its text runs (code runs left out); blocks without a strong character take
 * `fallback`, the page's own direction.
 */
export function blockDirection(runs: readonly { text: string; code?: boolean }[], fallback: Dir): Dir {
  for (const run of runs) {
    if (run.code) continue;
    const dir = firstStrongDirection(run.text);
    if (dir) return dir;
  }
  return fallback;
}

/** The override a block's text starts with, if any. */
export function directionOverride(text: string): Dir | null {
  if (text.startsWith(RLM)) return "rtl";
  if (text.startsWith(LRM)) return "ltr";
  return null;
}

/** `text` with its leading override replaced by `dir` (or removed with null). */
export function withDirectionOverride(text: string, dir: Dir | null): string {
  const bare = directionOverride(text) ? text.slice(1) : text;
  return dir === "rtl" ? RLM + bare : dir === "ltr" ? LRM + bare : bare;
}
