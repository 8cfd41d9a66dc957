import { createContext, use, useMemo } from "react";
import { useLocation, useMatches } from "react-router";
import { parseLocalizedPath, type Locale } from "./locales";
import { createTranslator, type Messages, type TFunction } from "./translate";

interface WithMessages {
  messages?: Messages;
  locale?: Locale;
}

/** The current page's locale, read from its URL (the source of truth for language). */
export function useLocale(): Locale {
  return parseLocalizedPath(useLocation().pathname).locale;
}

/**
 * Namespaces fetched for a part of the page that loads on use (a dialog that fetched its route's loader
 * data with a fetcher), offered to the components inside it.
 */
export const ExtraMessages = createContext<Messages | null>(null);

/**
 * A translator over every namespace the matched routes' loaders sent (root sends "common";
 * a route that needs more returns `messages: pickMessages(locale, [...])`), plus any ExtraMessages.
 */
export function useT(): TFunction {
  const matches = useMatches();
  const locale = useLocale();
  const extra = use(ExtraMessages);
  return useMemo(() => {
    const merged: Messages = {};
    for (const match of matches) {
      const data = match.loaderData as WithMessages | undefined;
      if (data?.messages) Object.assign(merged, data.messages);
    }
    if (extra) Object.assign(merged, extra);
    return createTranslator(merged, locale);
  }, [matches, locale, extra]);
}
