import { useMatches } from "react-router";
import { locales, type Locale } from "./locales";

/** Loader data of a page that exists in only some languages names them; every other page exists in all. */
export interface WithLocales {
  locales?: Locale[];
}

/** The languages the current page exists in: for hreflang links and the language switch. */
export function usePageLocales(): readonly Locale[] {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const own = (match.loaderData as WithLocales | undefined)?.locales;
    if (own) return own;
  }
  return locales;
}
