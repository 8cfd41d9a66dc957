/**
 * The standard Persian keyboard layout, to recognise a query typed with the keyboard in the other language's layout
 * («لهف» is "git" typed on a Persian keyboard, "lvsd" is «مرسی» typed on an English one).
 *
 * Source: ISIRI 9147 (2007), "Information technology – Layout of Persian letters and symbols on computer keyboards",
 * Institute of Standards and Industrial Research of Iran: the first level (no Shift) of each key of a US QWERTY
 * keyboard. Only the letter keys and the punctuation keys that carry a Persian letter are listed; the number row
 * types Persian digits, which the search's normalisation folds to ASCII anyway.
 *
 * Pure module: no Node APIs, safe to bundle for the browser.
 */

/** US QWERTY key (unshifted) → the Persian letter ISIRI 9147 puts on it. */
const QWERTY_TO_PERSIAN: Readonly<Record<string, string>> = {
  // Top row: D01–D12.
  q: "ض",
  w: "ص",
  e: "ث",
  r: "ق",
  t: "ف",
  y: "غ",
  u: "ع",
  i: "ه",
  o: "خ",
  p: "ح",
  "[": "ج",
  "]": "چ",
  // Home row: C01–C11.
  a: "ش",
  s: "س",
  d: "ی",
  f: "ب",
  g: "ل",
  h: "ا",
  j: "ت",
  k: "ن",
  l: "م",
  ";": "ک",
  "'": "گ",
  // Bottom row: B01–B08.
  z: "ظ",
  x: "ط",
  c: "ز",
  v: "ر",
  b: "ذ",
  n: "د",
  m: "پ",
  ",": "و",
};

/**
 * Persian letter → the QWERTY key that types it. Also the forms search normalisation folds Persian letters to and
 * from (Arabic ي ك, and آ, Shift+H, which folds to ا), so a normalised query converts the same as a typed one.
 */
const PERSIAN_TO_QWERTY: ReadonlyMap<string, string> = new Map([
  ...Object.entries(QWERTY_TO_PERSIAN).map(([key, letter]) => [letter, key] as [string, string]),
  ["ي", "d"],
  ["ك", ";"],
  ["آ", "h"],
  // Shift+C: the only Persian letter on a shifted key.
  ["ژ", "c"],
]);

const ASCII_LETTER_RE = /[a-z]/;
const PERSIAN_LETTER_RE = /[\u0600-\u06ff]/;
const SEPARATOR_RE = /[\s\u200c]/;

/**
 * `text` as it was meant, when it was typed with the keyboard in the other layout: every character is a key of the
 * table (or a space, ZWNJ or digit) and there is at least one letter. Latin text becomes Persian and Persian
 * becomes Latin; undefined when the text is not wholly of one layout (mixed scripts, other punctuation).
 */
export function switchLayout(text: string): string | undefined {
  const lower = text.toLowerCase();
  let toPersian = false;
  let toLatin = false;
  for (const ch of lower) {
    if (ASCII_LETTER_RE.test(ch)) toPersian = true;
    else if (PERSIAN_LETTER_RE.test(ch) && PERSIAN_TO_QWERTY.has(ch)) toLatin = true;
  }
  if (toPersian === toLatin) return undefined;
  let out = "";
  for (const ch of lower) {
    if (SEPARATOR_RE.test(ch) || (ch >= "0" && ch <= "9") || (ch >= "۰" && ch <= "۹")) {
      out += ch === "\u200c" ? " " : ch;
      continue;
    }
    const mapped = toPersian ? QWERTY_TO_PERSIAN[ch] : PERSIAN_TO_QWERTY.get(ch);
    if (mapped === undefined) return undefined;
    out += mapped;
  }
  return out.trim() === "" ? undefined : out;
}
