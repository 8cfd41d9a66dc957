/**
 * Persian letter folding: the one place that says which spellings of a letter, digit or mark count as the same.
 * Pure (no Node APIs), safe for the browser.
 *
 * One text is typed on Arabic and Persian keyboards alike: «علي» and «علی», «كتاب» and «کتاب» are the same
 * word. Each caller folds as much as it needs, from the same tables:
 * - `foldKeyboard`: Arabic yeh, alef maksura and kaf become the Persian letters, Latin letters lower case
 *   (the dashboard's user and item searches; `keyboardFoldsSql` repeats it in SQL for stored columns);
 * - `foldSlugText`: that, Persian and Arabic-Indic digits as ASCII digits, Arabic diacritics, tatweel and ZWJ
 *   gone (page addresses);
 * - `letterFold` and `isFoldedAway`: the code point tables of site search (`~/content/search/normalize`), which
 *   also folds the other forms of heh, kaf and alef and removes invisible format characters.
 */

/** The keyboard variants: what Arabic keyboards type for Persian letters. */
export const keyboardFolds: readonly (readonly [from: string, to: string])[] = [
  ["\u064a", "\u06cc"], // ي Arabic yeh → ی
  ["\u0649", "\u06cc"], // ى alef maksura → ی
  ["\u0643", "\u06a9"], // ك Arabic kaf → ک
];

/** Other letter forms site search treats as one (after compatibility decomposition). */
const searchFolds: readonly (readonly [number, string])[] = [
  [0x06aa, "\u06a9"], // ڪ swash kaf → ک
  [0x0629, "\u0647"], // ة teh marbuta → ه
  [0x06d5, "\u0647"], // ە ae (base of ۀ after decomposition) → ه
  [0x06be, "\u0647"], // ھ heh doachashmee → ه
  [0x06c1, "\u0647"], // ہ heh goal → ه
  [0x06c3, "\u0647"], // ۃ teh marbuta goal → ه
  [0x0671, "\u0627"], // ٱ alef wasla → ا
];

const digitFolds = new Map<number, string>();
for (let d = 0; d < 10; d++) {
  digitFolds.set(0x06f0 + d, String(d)); // Persian digits
  digitFolds.set(0x0660 + d, String(d)); // Arabic-Indic digits
}

const letterFolds = new Map<number, string>([
  ...keyboardFolds.map(([from, to]) => [from.codePointAt(0)!, to] as const),
  ...searchFolds,
  ...digitFolds,
]);

/** Site search's fold of one code point (letters and digits), or undefined when it stays. */
export function letterFold(cp: number): string | undefined {
  return letterFolds.get(cp);
}

/** Arabic harakat, hamza and madda marks, superscript alef. */
function isArabicMark(cp: number): boolean {
  return (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670;
}

/** Code points site search removes outright (after decomposition). */
export function isFoldedAway(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) || // Latin combining accents
    isArabicMark(cp) ||
    cp === 0x0640 || // tatweel
    (cp >= 0x06d6 && cp <= 0x06ed && cp !== 0x06dd && cp !== 0x06de && cp !== 0x06e5 && cp !== 0x06e6) || // Quranic marks
    cp === 0x00ad || // soft hyphen
    cp === 0x200d || // ZWJ
    cp === 0x200e ||
    cp === 0x200f || // LRM, RLM
    (cp >= 0x202a && cp <= 0x202e) || // bidi embeddings/overrides
    (cp >= 0x2060 && cp <= 0x2064) || // word joiner, invisible operators
    (cp >= 0x2066 && cp <= 0x2069) || // bidi isolates
    cp === 0xfeff // BOM / zero-width no-break space
  );
}

const keyboardPattern = new RegExp(`[${keyboardFolds.map(([from]) => from).join("")}]`, "g");
const keyboardMap = new Map(keyboardFolds);

/** Arabic yeh and kaf as Persian ones, lower case: «علي» finds «علی», "Git" finds "git". */
export function foldKeyboard(text: string): string {
  return text.replace(keyboardPattern, (letter) => keyboardMap.get(letter)!).toLowerCase();
}

/**
 * What a page address is made from: `foldKeyboard`'s letters, ASCII digits, and no Arabic diacritics, tatweel
 * or ZWJ (ZWNJ stays: the slug turns it into a word break).
 */
export function foldSlugText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (isArabicMark(cp) || cp === 0x0640 || cp === 0x200d) continue;
    out += digitFolds.get(cp) ?? keyboardMap.get(ch) ?? ch;
  }
  return out.toLowerCase();
}
