/**
 * A page's publishing time as the writer sees it: a date and a time of day in their own time zone (the browser's),
 * written to the file as an instant with that zone's offset ("2026-12-01T09:30:00+03:30").
 */
import { asciiDigits } from "~/i18n/format";

const pad = (n: number) => String(n).padStart(2, "0");

/** "09:30" from what was typed ("۹:۳۰", "9.30", "0930"), or null when it is no time of day. */
export function readTime(typed: string): string | null {
  const match = /^(\d{1,2})[:.٫]?(\d{2})$/.exec(asciiDigits(typed.trim()));
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? `${pad(hours)}:${pad(minutes)}` : null;
}

/** The instant of `date` (YYYY-MM-DD) at `time` (HH:MM) in the browser's time zone, with its offset. */
export function instantOf(date: string, time: string): string {
  const local = new Date(`${date}T${time}:00`);
  const offset = -local.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${date}T${time}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The date (YYYY-MM-DD) and time (HH:MM) an instant falls on in the browser's time zone. */
export function localParts(instant: string): { date: string; time: string } | null {
  const moment = new Date(instant);
  if (Number.isNaN(moment.getTime())) return null;
  return {
    date: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
    time: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
  };
}
