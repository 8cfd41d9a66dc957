import { useMatches } from "react-router";
import { locales, type Locale } from "./locales";

/**
 * Loader data of a page that exists in only some languages names them; every other page exists in all. A page
 * whose translation is at another address gives each language's address (without its prefix).
 */
export interface WithLocales {
  locales?: Locale[];
  alternates?: Partial<Record<Locale, string>>;
}

function pageData(matches: ReturnType<typeof useMatches>): WithLocales | undefined {
  for (const match of [...matches].reverse()) {
    const own = match.loaderData as WithLocales | undefined;
    if (own?.locales) return own;
  }
  return undefined;
}

/** The languages the current page exists in: for hreflang links and the language switch. */
export function usePageLocales(): readonly Locale[] {
  return pageData(useMatches())?.locales ?? locales;
}

/** The current page's address in `locale` (without prefix): its linked translation's, else the same `path`. */
export function usePageAddress(): (locale: Locale, path: string) => string {
  const alternates = pageData(useMatches())?.alternates;
  return (locale, path) => alternates?.[locale] ?? path;
}
