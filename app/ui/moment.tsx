import { formatDateTime } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * A moment with its date and time of day in the reader's calendar and time zone. The server does not know the
 * reader's zone, so until the page is hydrated it is shown in UTC (and says so in its title).
 */
export function Moment({ iso, locale }: { iso: string; locale: Locale }) {
  const hydrated = useHydrated();
  const text = formatDateTime(iso, locale, hydrated ? undefined : "UTC");
  return (
    <time dateTime={iso} title={hydrated ? undefined : `${text} UTC`}>
      {text}
    </time>
  );
}
