/**
 * The language of an imported item when the export does not record it: read from its letters, with the same
 * letter classes the site uses for a block's direction (`~/lib/text-direction`). Mostly Persian or Arabic letters
 * is Persian; mostly Latin (or any other left-to-right script) is English; no letters at all is the fallback.
 */
import type { Locale } from "~/i18n/locales";
import { countLetters, emptyCount } from "~/lib/text-direction";

/** The locale of `text` by its letters; `fallback` when it has none. */
export function localeOfText(text: string, fallback: Locale): Locale {
  const count = emptyCount();
  countLetters(text, count);
  if (count.ltr === 0 && count.rtl === 0) return fallback;
  return count.rtl >= count.ltr ? "fa" : "en";
}

/**
 * The site's locale for a language code as plugins and exports write it ("fa", "fa-IR", "fa_IR", "per", "en-US");
 * null for a language the site does not have.
 */
export function localeOfCode(code: string): Locale | null {
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === "fa" || primary === "per" || primary === "fas") return "fa";
  if (primary === "en" || primary === "eng") return "en";
  return null;
}
