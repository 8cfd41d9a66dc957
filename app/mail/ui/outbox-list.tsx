import { useLocale, useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/translate";
import { formatNumber } from "~/i18n/format";
import { Card } from "~/ui/card";
import { RelativeTime } from "~/ui/relative-time";
import type { OutboxEntry } from "../outbox.server";

const stateClass: Record<OutboxEntry["state"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  sending: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  sent: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** The outbox's recent messages: to whom, what, its state, its attempts and the last failure's reason. */
export function OutboxList({ entries }: { entries: OutboxEntry[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card title={t("mail.outbox.title")} testId="mail-outbox">
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("mail.outbox.empty")}</p>
      ) : (
        <ul className="grid gap-2">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="grid gap-1 rounded-lg border p-3 text-sm md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] md:items-center md:gap-4"
              data-testid="mail-outbox-row"
              data-state={entry.state}
            >
              <div className="grid min-w-0 gap-0.5">
                <span dir="ltr" className="truncate text-start font-medium">
                  {entry.recipient}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t(`mail.kind.${entry.kind}` as MessageKey)} · <RelativeTime iso={entry.createdAt} locale={locale} />
                </span>
              </div>
              <div className="grid min-w-0 gap-0.5">
                <bdi className="truncate">{entry.subject}</bdi>
                {entry.lastError && entry.state !== "sent" ? (
                  <span className="text-xs text-muted-foreground" data-testid="mail-outbox-error">
                    {t(`mail.error.${entry.lastError}` as MessageKey)}
                  </span>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2 md:justify-end">
                <span className={`rounded-full px-2 py-0.5 text-xs ${stateClass[entry.state]}`}>
                  {t(`mail.state.${entry.state}`)}
                </span>
                <span className="text-xs text-muted-foreground">
                  {t("mail.outbox.attempts", { count: formatNumber(entry.attempts, locale) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
