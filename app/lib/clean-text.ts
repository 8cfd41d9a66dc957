/**
 * Text people write (names, about, role names, comments, device names) is cleaned of characters that are
 * invisible but change how the text around them looks: bidirectional controls can reverse a name or make a
 * comment impersonate another, control characters and lone surrogates corrupt what is stored and shown, a byte
 * order mark hides inside words. They are stripped rather than refused: nobody types them on purpose, so the
 * writer keeps what they meant.
 *
 * ZWNJ (U+200C) and ZWJ (U+200D) are never touched: Persian writes with them («می‌خواهم», «کتاب‌ها»), and
 * removing them joins the letters of two words into one.
 */

/**
 * Bidi controls (LRE…RLO, LRI…PDI, LRM, RLM, ALM), other invisible formatting (word joiner, invisible math
 * operators, deprecated format characters, BOM), line and paragraph separators, C1 controls, lone surrogates.
 */
const invisible =
  /[\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\u007F-\u009F]|\p{Surrogate}/gu;

/** C0 controls other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const c0 = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

/** One line of text (a name, a role name): every control is gone and tabs or line breaks become spaces. */
export function cleanLine(value: string): string {
  return value
    .replace(invisible, "")
    .replace(c0, "")
    .replace(/[\t\r\n]+/g, " ");
}

/** Text that may have several lines (about, a comment): line breaks and tabs stay, written as `\n` and `\t`. */
export function cleanLines(value: string): string {
  return value.replace(invisible, "").replace(c0, "").replace(/\r\n?/g, "\n");
}
