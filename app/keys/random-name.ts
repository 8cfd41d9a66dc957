/**
 * Random friendly display names for anonymous visitors.
 *
 * The word lists live in `./names/{en,fa}.ts` and are only ever loaded through
 * `loadNameList()` (dynamic `import()`), so the bundler emits one chunk per
 * language and the browser downloads just the visitor's language, on demand.
 * Only import *types* from those files elsewhere, never values.
 */

import type { Locale } from "~/i18n/locales";

export interface NameList {
  /** Friendly, positive or neutral single-word adjectives. */
  readonly adjectives: readonly string[];
  /** Friendly single-word animal names. */
  readonly animals: readonly string[];
  /** The "about" text of a brand-new anonymous visitor. */
  readonly newcomer: string;
}

/** A uniformly distributed number in [0, 1) from the Web Crypto API. */
export function cryptoRandom(): number {
  const buffer = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buffer);
  return buffer[0]! / 0x1_0000_0000;
}

function pick(words: readonly string[], random: () => number): string {
  if (words.length === 0) throw new Error("randomDisplayName: empty word list");
  const r = random();
  const index = Number.isFinite(r) ? Math.floor(r * words.length) : 0;
  // Guard against sources that (wrongly) return 1 or values outside [0, 1).
  return words[Math.min(Math.max(index, 0), words.length - 1)]!;
}

/**
 * Persian ezafe: a noun ending in the long vowels «ا» or «و» takes a written
 * «ی» before its adjective («آهوی کنجکاو», «پاندای مهربان»); other endings
 * keep the ezafe unwritten («سمور کنجکاو», «پروانه شاد»).
 */
function withEzafe(noun: string): string {
  return /[اآو]$/u.test(noun) ? `${noun}ی` : noun;
}

/**
 * A random display name: English "Adjective Animal" ("Curious Otter"),
 * Persian "animal adjective" («سمور کنجکاو»). The adjective is drawn first,
 * then the animal.
 */
export function randomDisplayName(list: NameList, locale: Locale, random: () => number = cryptoRandom): string {
  const adjective = pick(list.adjectives, random);
  const animal = pick(list.animals, random);
  return locale === "fa" ? `${withEzafe(animal)} ${adjective}` : `${adjective} ${animal}`;
}

/** Lazily loads (and, in the browser, downloads) one language's word list. */
export async function loadNameList(locale: Locale): Promise<NameList> {
  const module = locale === "fa" ? await import("./names/fa.ts") : await import("./names/en.ts");
  return module.default;
}
