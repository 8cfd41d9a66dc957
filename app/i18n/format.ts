import { intlLocale, type Locale } from "./locales";

/** Formats numbers with the locale's digits (Persian digits in fa). */
export function formatNumber(value: number, locale: Locale, options?: Intl.NumberFormatOptions): string {
  // Negative zero is Intl's ("-0"): `-0 >= 0` would take it here.
  if (!options && Number.isSafeInteger(value) && (value > 0 || Object.is(value, 0))) {
    return groupedInteger(value, locale);
  }
  return new Intl.NumberFormat(intlLocale(locale), options).format(value);
}

/**
 * A count as Intl writes it (digits in groups of three: "1,234", "۱٬۲۳۴"), without Intl: a page's first number
 * would otherwise load the locale's number data, about 25 ms of a phone's first render (the editor's counts).
 */
function groupedInteger(value: number, locale: Locale): string {
  const grouped = String(value).replace(/\B(?=(\d{3})+$)/g, locale === "fa" ? "\u066c" : ",");
  return localizeDigits(grouped, locale);
}

/** Replaces ASCII digits in a string with the locale's digits. */
export function localizeDigits(text: string, locale: Locale): string {
  if (locale !== "fa") return text;
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

/** Turns Persian and Arabic-Indic digits typed by a user into ASCII digits. */
export function asciiDigits(text: string): string {
  return text
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
}

/** A date in the locale's calendar: Jalali with Persian digits in fa, Gregorian in en. */
export function formatDate(
  date: Date | string | number,
  locale: Locale,
  options: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" },
): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: "UTC", ...options }).format(new Date(date));
}

/**
 * A moment in the locale's calendar with its time of day (Jalali with Persian digits in fa), in `timeZone`, else
 * the reader's own.
 */
export function formatDateTime(date: Date | string | number, locale: Locale, timeZone?: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short", timeZone }).format(
    new Date(date),
  );
}

/** The current year in the locale's calendar (1405 in fa for 2026). */
export function formatYear(date: Date, locale: Locale): string {
  return formatDate(date, locale, { year: "numeric" });
}
