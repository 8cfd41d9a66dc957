import { foldSlugText } from "~/i18n/fold";

/**
 * A page address suggested from its title (decision: "Page addresses from Persian titles"):
 *
 * - letters of every script stay, so a Persian title gives a Persian address ("نیم‌فاصله در وب" → "نیم-فاصله-در-وب");
 * - ZWNJ becomes "-", as spaces do, the same rule heading anchors follow: the two halves of «نیم‌فاصله» stay
 *   two readable words, never glued into one («نیمفاصله») nor hidden in the address as an invisible character;
 * - Arabic yeh and kaf become the Persian letters, so one title has one address whatever keyboard typed it;
 * - Persian and Arabic-Indic digits become ASCII digits: an address is typed on every keyboard the same way;
 * - Latin letters are lower-cased; diacritics, tatweel, ZWJ and punctuation go; runs of "-" collapse.
 */
const ZWNJ = "\u200C";
const MAX_LENGTH = 80;

export function slugify(title: string): string {
  const folded = foldSlugText(title)
    .normalize("NFKD")
    // Latin accents go ("café" → "cafe"); marks of other scripts are part of their letters and are put back.
    .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
    .normalize("NFC");
  const words = folded
    .replaceAll(ZWNJ, " ")
    .replace(/[^\p{L}\p{N}\p{M}\s_-]+/gu, " ")
    .trim()
    .split(/[\s_-]+/u)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > MAX_LENGTH) break;
    slug = next;
  }
  return slug || words[0]?.slice(0, MAX_LENGTH) || "";
}

/** The address a new page gets: its category's folder (when it has one) and the slug of its title. */
export function suggestedPath(title: string, category: string | undefined): string {
  const slug = slugify(title);
  if (!slug) return "";
  return category ? `/${category}/${slug}` : `/${slug}`;
}
