/**
 * A word's consonant skeleton, the key that lets a query in one script find words written in the other: «گیت» and
 * "git" are both "gt", «کتاب» and "ketab" "ktb", «ری‌اکت» and "react" "rkt". Persian writes few of its vowels, so
 * the key keeps only consonants in both scripts; letters that sound alike share a symbol (c, k, q, ک and ق are all
 * "k"; s, س, ص and ث are all "s", z, ز, ذ, ض and ظ all "z", w and v "v", j, ج and ژ "j"), a letter repeated is kept
 * once, and English spelling rules choose the consonant a loanword is written with in Persian (`latinSkeleton`).
 *
 * Works on normalised terms (`./normalize`: lower-case, Arabic forms folded to Persian ones). A term gets a
 * skeleton only when it is wholly of one script, at least MIN_LETTERS long, and its skeleton has at least
 * MIN_CONSONANTS symbols: shorter keys match too many unrelated words.
 *
 * Pure module: no Node APIs, safe to bundle for the browser.
 */

export const MIN_LETTERS = 3;
export const MIN_CONSONANTS = 2;
/** Skeletons this short match only words whose vowels agree too (`vowelsAgree`). */
export const SHORT_SKELETON = 2;

/** ISO 15924 codes of the two scripts search transliterates between. */
export type Script = "arab" | "latn";

/** Persian consonants → their symbol; the letters that are vowels or semi-vowels are handled in `persianSkeleton`. */
const PERSIAN: Readonly<Record<string, string>> = {
  ب: "b",
  پ: "p",
  ت: "t",
  ث: "s",
  ج: "j",
  چ: "C",
  ح: "h",
  خ: "x",
  د: "d",
  ذ: "z",
  ر: "r",
  ز: "z",
  // ژ is the j of French loanwords ("journal", «ژورنال»); the Latin j stands for both ج and ژ.
  ژ: "j",
  س: "s",
  ش: "S",
  ص: "s",
  ض: "z",
  ط: "t",
  ظ: "z",
  غ: "k",
  ف: "f",
  ق: "k",
  ک: "k",
  گ: "g",
  ل: "l",
  م: "m",
  ن: "n",
};
/** Letters that write a vowel (or a glottal stop, which Latin spellings leave out). */
const PERSIAN_VOWELS = new Set(["ا", "ع", "ء"]);

/** Latin consonants → their symbol (x is two). */
const LATIN: Readonly<Record<string, string>> = {
  b: "b",
  c: "k",
  d: "d",
  f: "f",
  g: "g",
  h: "h",
  j: "j",
  k: "k",
  l: "l",
  m: "m",
  n: "n",
  p: "p",
  q: "k",
  r: "r",
  s: "s",
  t: "t",
  v: "v",
  w: "v",
  x: "ks",
  z: "z",
};
/** Two Latin letters for one Persian consonant (as romanised), or one sound. */
const LATIN_PAIRS: Readonly<Record<string, string>> = {
  sh: "S",
  ch: "C",
  kh: "x",
  zh: "j",
  gh: "k",
  ph: "f",
  th: "t",
  ck: "k",
  dj: "j",
};
/** Initial letter pairs whose first letter is silent ("knowledge", "write", "psychology"). */
const SILENT_FIRST = new Set(["kn", "wr", "ps"]);
/** Letters after which an English final s is voiced, a z («ویندوز» windows, «کوبرنتیز» kubernetes). */
const VOICING = "aeiouybdglmnrvw";
const LATIN_VOWELS = "aeiouy";

function isLatinLetter(c: number): boolean {
  return c >= 0x61 && c <= 0x7a;
}

function isPersianLetter(ch: string): boolean {
  return ch in PERSIAN || PERSIAN_VOWELS.has(ch) || ch === "ی" || ch === "و" || ch === "ه";
}

/** The script of a normalised term when every character is a letter of it; undefined otherwise. */
export function scriptOf(term: string): Script | undefined {
  if (term.length === 0) return undefined;
  if (isLatinLetter(term.charCodeAt(0))) {
    for (let i = 1; i < term.length; i++) if (!isLatinLetter(term.charCodeAt(i))) return undefined;
    return "latn";
  }
  for (const ch of term) if (!isPersianLetter(ch)) return undefined;
  return "arab";
}

/**
 * What a word writes between its consonants, one digit per gap (before the first, between each two, after the
 * last): 0 nothing, 1 a short vowel (Latin a, e or o alone), 2 a long or written vowel (Latin i, u or two vowel
 * letters; Persian ا, و, ی or ع), 3 a Persian silent final ه. Two-consonant skeletons match too many words to be
 * trusted alone («صد», «سود» and «ساده» are all "sd", like "saadi"): their vowels must agree too (`vowelsAgree`).
 */
const NONE = 0;
const SHORT = 1;
const LONG = 2;
const SILENT_H = 3;

/** Builds a skeleton and its vowel gaps: a symbol repeating the last one is kept once, its gap merged. */
class Builder {
  skeleton = "";
  /** The final consonant may be read as z instead (a voiced English final s). */
  voicedFinal = false;
  gaps: number[] = [];
  vowels = 0;
  letter = "";
  consonant(symbol: string): void {
    if (this.skeleton.endsWith(symbol)) return;
    this.gaps.push(this.vowels === 0 ? NONE : this.vowels);
    this.skeleton += symbol;
    this.vowels = 0;
  }
  /** A Latin vowel letter. */
  latinVowel(ch: string): void {
    this.vowels = this.vowels === 0 && "aeo".includes(ch) ? SHORT : LONG;
  }
  persianVowel(kind: number): void {
    this.vowels = kind;
  }
  end(): { skeleton: string; gaps: number[] } {
    this.gaps.push(this.vowels);
    return { skeleton: this.skeleton, gaps: this.gaps };
  }
  /** The skeleton, and its reading with a voiced final s when there is one. */
  keys(): string[] {
    return this.voicedFinal ? [this.skeleton, `${this.skeleton.slice(0, -1)}z`] : [this.skeleton];
  }
}

function persianSkeleton(term: string): Builder {
  const b = new Builder();
  const n = term.length;
  for (let i = 0; i < n; i++) {
    const ch = term[i]!;
    const symbol = PERSIAN[ch];
    if (symbol !== undefined) b.consonant(symbol);
    else if (PERSIAN_VOWELS.has(ch)) b.persianVowel(LONG);
    else if (ch === "ی") {
      // A consonant ("y") only at the start of a word; elsewhere the vowel i/e/ey.
      if (i === 0) b.consonant("y");
      else b.persianVowel(LONG);
    } else if (ch === "و") {
      // A consonant ("v") at the start, next to alef («جاوا» java) or before a ی within the word («سرویس»
      // service); between consonants the vowel o/u.
      if (i === 0 || term[i - 1] === "ا" || term[i + 1] === "ا" || (term[i + 1] === "ی" && i + 2 < n)) {
        b.consonant("v");
      } else b.persianVowel(LONG);
    } else if (ch === "ه") {
      // Silent at the end of a word after a consonant («خانه» khane); an h elsewhere («کوه», «تهران»).
      const prev = term[i - 1];
      if (i === n - 1 && i > 0 && prev !== "ا" && prev !== "و" && prev !== "ی") b.persianVowel(SILENT_H);
      else b.consonant("h");
    }
  }
  return b;
}

/**
 * English spelling rules that decide which Persian consonant a loanword is written with: a soft c (before e, i, y)
 * is s («سرویس» service), w after a vowel and before a consonant is the vowel's end («دانلود» download, «ویندوز»
 * windows), "tio"/"tia" is sh («اپلیکیشن» application), an initial x is z, the silent first letter of an initial
 * kn, wr or ps is left out, so is the gh of "ght" and the h of a final "eh" (a silent ه romanised), and a final s after a vowel or a
 * voiced consonant is read as s or z (two keys).
 */
function latinSkeleton(term: string): Builder {
  const b = new Builder();
  const n = term.length;
  const start = n > 3 && SILENT_FIRST.has(term.slice(0, 2)) ? 1 : 0;
  for (let i = start; i < n; i++) {
    const ch = term[i]!;
    const next = i + 1 < n ? term[i + 1]! : "";
    const pair = LATIN_PAIRS[ch + next];
    if (ch + next === "gh" && term[i + 2] === "t") {
      // English "ght" ("right", "night"): the gh is silent, not the gh (غ, ق) of a romanised Persian word.
      i++;
    } else if (pair !== undefined) {
      b.consonant(pair);
      i++;
    } else if (ch === "y") {
      // A consonant only before a vowel at the start ("yoga"); elsewhere a vowel ("python", "typescript").
      if (i === 0 && LATIN_VOWELS.includes(next)) b.consonant("y");
      else b.latinVowel("i");
    } else if (LATIN_VOWELS.includes(ch)) b.latinVowel(ch);
    else if (ch === "c" && next !== "" && "eiy".includes(next)) b.consonant("s");
    else if (ch === "w" && i > 0 && LATIN_VOWELS.includes(term[i - 1]!) && (next === "" || !LATIN_VOWELS.includes(next))) {
      b.latinVowel("u");
    } else if (ch === "t" && i > 0 && next === "i" && i + 2 < n && "ao".includes(term[i + 2]!)) {
      b.consonant("S");
      i++;
    } else if (ch === "x" && i === 0) b.consonant("z");
    // "eh" at the end romanises a silent final ه ("zhaleh", «ژاله»): that h writes no consonant.
    else if (!(ch === "h" && i === n - 1 && term[i - 1] === "e")) {
      const symbol = LATIN[ch];
      if (symbol !== undefined) for (const s of symbol) b.consonant(s);
      b.voicedFinal = ch === "s" && i === n - 1 && i > 0 && VOICING.includes(term[i - 1]!) && b.skeleton.endsWith("s");
    }
  }
  return b;
}

/** Does a Persian gap agree with a Latin one? Persian leaves short vowels out, so a short Latin vowel fits anywhere. */
function gapAgrees(persian: number, latin: number): boolean {
  if (persian === NONE) return latin !== LONG;
  if (persian === SILENT_H) return latin === SHORT;
  return latin !== NONE;
}

/**
 * Do two terms of the same skeleton, one in each script, write their vowels alike (see `Builder`)? Checked for
 * short skeletons only: English loanwords keep their English spelling and a Persian one of their sound (python,
 * «پایتون»), which longer skeletons match well enough without it.
 */
export function vowelsAgree(a: string, b: string): boolean {
  const [persian, latin] = scriptOf(a) === "arab" ? [a, b] : [b, a];
  const p = persianSkeleton(persian).end();
  const latinBuilder = latinSkeleton(latin);
  const l = latinBuilder.end();
  if (!latinBuilder.keys().includes(p.skeleton) || p.gaps.length !== l.gaps.length) return false;
  return p.gaps.every((gap, i) => gapAgrees(gap, l.gaps[i]!));
}

/**
 * The skeletons of a normalised term (one, or two for a Latin word whose final s may be a z) and its script, or
 * undefined when it has none (see the module comment).
 */
export function skeletonOf(term: string): { skeletons: string[]; script: Script } | undefined {
  if (term.length < MIN_LETTERS) return undefined;
  const script = scriptOf(term);
  if (script === undefined) return undefined;
  if (script === "arab" && [...term].length < MIN_LETTERS) return undefined;
  const builder = script === "latn" ? latinSkeleton(term) : persianSkeleton(term);
  return builder.skeleton.length >= MIN_CONSONANTS ? { skeletons: builder.keys(), script } : undefined;
}

/** The other script: a query's words are looked for by skeleton in the script they are not written in. */
export function otherScript(script: Script): Script {
  return script === "latn" ? "arab" : "latn";
}
