import en from "./catalogs/en";
import fa from "./catalogs/fa";
import type { Locale } from "./locales";
import { createTranslator, type Messages, type Namespace, type TFunction } from "./translate";

export const catalogs = { fa, en } as const;

/** The namespaces a page needs, to send to the browser with its loader data. */
export function pickMessages(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const all = catalogs[locale];
  return Object.fromEntries(namespaces.map((ns) => [ns, all[ns]])) as Messages;
}

/** Server-side translator over every namespace (API messages, emails, feeds). */
export function serverT(locale: Locale): TFunction {
  return createTranslator(catalogs[locale] as Messages, locale);
}
