import { useSyncExternalStore } from "react";
import { formatDate } from "~/i18n/format";
import { intlLocale, type Locale } from "~/i18n/locales";
import { useHydrated } from "~/ui/use-hydrated";

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400],
  ["month", 30 * 86_400],
  ["week", 7 * 86_400],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

// One clock for every relative time on the page, ticking once a minute while any is shown (and set afresh when
// the first one appears: React reads it again after subscribing).
let clock = Date.now();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!ticker) clock = Date.now();
  ticker ??= setInterval(() => {
    clock = Date.now();
    listeners.forEach((l) => l());
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/**
 * "3 hours ago" / «۳ ساعت پیش», with the full date (Jalali in Persian) on hover and for machines. The server and
 * the hydrating browser cannot agree on "now", so until the page is hydrated it shows the full date.
 */
export function RelativeTime({ iso, locale }: { iso: string; locale: Locale }) {
  const hydrated = useHydrated();
  const now = useSyncExternalStore(
    subscribe,
    () => clock,
    () => clock,
  );
  const full = formatDate(iso, locale, { dateStyle: "long", timeStyle: "short" });
  if (!hydrated) {
    return (
      <time dateTime={iso} title={full}>
        {full}
      </time>
    );
  }
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(locale), { numeric: "auto" });
  let text = format.format(0, "second");
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) {
      text = format.format(Math.trunc(seconds / size), unit);
      break;
    }
  }
  return (
    <time dateTime={iso} title={full}>
      {text}
    </time>
  );
}
