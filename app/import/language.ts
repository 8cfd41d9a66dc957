/**
 * The language of an imported item when the export does not record it: read from its letters, with the same
 * letter classes the site uses for a block's direction (`~/lib/text-direction`). Mostly Persian or Arabic letters
 * is Persian; mostly Latin (or any other left-to-right script) is English; no letters at all is the fallback.
 */
import type { Locale } from "~/i18n/locales";
import { countLetters, emptyCount } from "~/lib/text-direction";

/**
 * What a reader reads of markdown: its text without code (fenced blocks, inline code), addresses (of links,
 * images and bare URLs) and HTML tags, whose Latin letters say nothing of the language it is written in.
 */
function proseOf(markdown: string): string {
  let fence: string | null = null;
  const kept: string[] = [];
  for (const line of markdown.split("\n")) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (marker) fence = marker;
    else kept.push(line);
  }
  return kept
    .join("\n")
    .replace(/`[^`\n]*`/g, " ")
    .replace(/\]\([^)\s]*(?:\s+"[^"\n]*")?\)/g, "]")
    .replace(/<[^<>\n]*>/g, " ")
    .replace(/\bhttps?:\/\/\S+/g, " ");
}

/** The locale of `text` (markdown) by the letters of its prose; `fallback` when it has none. */
export function localeOfText(text: string, fallback: Locale): Locale {
  const count = emptyCount();
  countLetters(proseOf(text), count);
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
