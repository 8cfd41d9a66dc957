/**
 * Dates for the editor's date field: stored as ISO ("2026-11-25"), shown and picked in the reader's calendar
 * (the Solar Hijri, Jalali, calendar in Persian; Gregorian in English). Conversion uses the browser's own
 * calendars (Intl), so it agrees with how the site prints every date.
 */
import { asciiDigits, localizeDigits } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";

export interface CalendarDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const jalaliParts = new Intl.DateTimeFormat("en-US-u-ca-persian-nu-latn", {
  timeZone: "UTC",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Jalali date of an ISO date. */
export function toJalali(iso: string): CalendarDate {
  const parts = Object.fromEntries(jalaliParts.formatToParts(utc(iso)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The ISO date of a Jalali date, or null when there is no such day (31 Mehr, 30 Esfand of a common year). */
export function fromJalali(date: CalendarDate): string | null {
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > 31) return null;
  // Farvardin 1 falls on March 20 or 21: start from an estimate and walk to the day.
  const dayOfYear = date.month <= 6 ? (date.month - 1) * 31 + date.day : 186 + (date.month - 7) * 30 + date.day;
  let guess = new Date(Date.UTC(date.year + 621, 2, 20) + (dayOfYear - 1) * 86_400_000);
  for (let i = 0; i < 4; i++) {
    const found = toJalali(isoOf(guess));
    const diff = compare(date, found);
    if (diff === 0) return isoOf(guess);
    if (found.year === date.year && found.month === date.month) {
      guess = new Date(guess.getTime() + (date.day - found.day) * 86_400_000);
    } else {
      guess = new Date(guess.getTime() + Math.sign(diff) * 86_400_000);
    }
  }
  const last = toJalali(isoOf(guess));
  return compare(last, date) === 0 ? isoOf(guess) : null;
}

/** Days in a month of the locale's calendar. */
export function daysInMonth(locale: Locale, year: number, month: number): number {
  if (locale === "en") return new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month <= 6) return 31;
  if (month <= 11) return 30;
  return fromJalali({ year, month: 12, day: 30 }) ? 30 : 29;
}

/** An ISO date in the locale's calendar. */
export function calendarDate(locale: Locale, iso: string): CalendarDate {
  if (locale === "fa") return toJalali(iso);
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** The ISO date of a date in the locale's calendar, or null when there is no such day. */
export function isoDate(locale: Locale, date: CalendarDate): string | null {
  if (locale === "fa") return fromJalali(date);
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth("en", date.year, date.month)) {
    return null;
  }
  return `${String(date.year).padStart(4, "0")}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** "۱۴۰۵/۰۹/۰۴" in Persian, "2026-11-25" in English: how the field writes a date. */
export function writtenDate(locale: Locale, iso: string): string {
  if (locale === "en") return iso;
  const { year, month, day } = toJalali(iso);
  return localizeDigits(`${year}/${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}`, "fa");
}

/**
 * A date typed into the field, in the locale's calendar (any digits; "/", "-" or "." between the parts), as ISO;
 * null when it is no date. In Persian a year below 1700 is Jalali, so a Gregorian ISO date typed there still works.
 */
export function readDate(locale: Locale, text: string): string | null {
  const match = /^\s*(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*$/.exec(asciiDigits(text));
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (locale === "fa" && date.year < 1700) return fromJalali(date);
  return isoDate("en", date);
}

/** Month names of the locale's calendar, January or Farvardin first. */
export function monthNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale === "fa" ? "fa-IR-u-ca-persian" : "en-US", {
    month: "long",
    timeZone: "UTC",
  });
  return Array.from({ length: 12 }, (_, i) => {
    const iso = isoDate(locale, { year: locale === "fa" ? 1405 : 2026, month: i + 1, day: 1 })!;
    return format.format(utc(iso));
  });
}

/** The weekday (0 = the locale's first day: Saturday in Persian, Sunday in English) of an ISO date. */
export function weekdayIndex(locale: Locale, iso: string): number {
  const day = utc(iso).getUTCDay(); // 0 = Sunday
  return locale === "fa" ? (day + 1) % 7 : day;
}

/** Short weekday names from the locale's first day. */
export function weekdayNames(locale: Locale): string[] {
  const format = new Intl.DateTimeFormat(locale === "fa" ? "fa-IR" : "en-US", { weekday: "narrow", timeZone: "UTC" });
  // 2026-11-21 was a Saturday, 2026-11-22 a Sunday.
  const first = locale === "fa" ? Date.UTC(2026, 10, 21) : Date.UTC(2026, 10, 22);
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(first + i * 86_400_000)));
}

export function todayIso(): string {
  return isoOf(new Date());
}
