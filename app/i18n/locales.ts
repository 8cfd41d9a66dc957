/** The site's languages. Persian is the default and owns the unprefixed URLs. */
export const locales = ["fa", "en"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "fa";

export const localeCookieName = "locale";
/** The language choice is remembered for a year (365 days). */
export const localeCookieMaxAge = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

export function dirOf(locale: Locale): "rtl" | "ltr" {
  return locale === "fa" ? "rtl" : "ltr";
}

/** BCP 47 tag for Intl: Persian uses the Solar Hijri (Jalali) calendar and Persian digits. */
export function intlLocale(locale: Locale): string {
  return locale === "fa" ? "fa-IR-u-ca-persian-nu-arabext" : "en-US";
}

export interface LocalizedPath {
  locale: Locale;
  /** The prefix as written in the URL: "" (unprefixed, Persian), "fa" or "en". */
  prefix: "" | Locale;
  /** The path without its locale prefix, always starting with "/". */
  path: string;
}

/** Splits "/en/about" into { locale: "en", prefix: "en", path: "/about" }. */
export function parseLocalizedPath(pathname: string): LocalizedPath {
  const match = /^\/(fa|en)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: defaultLocale, prefix: "", path: pathname || "/" };
  const locale = match[1] as Locale;
  return { locale, prefix: locale, path: pathname.slice(match[0].length) || "/" };
}

/** The canonical URL path of `path` in `locale`: Persian unprefixed, English under /en. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (locale === defaultLocale) return clean;
  return clean === "/" ? `/${locale}` : `/${locale}${clean}`;
}

export function otherLocale(locale: Locale): Locale {
  return locale === "fa" ? "en" : "fa";
}
