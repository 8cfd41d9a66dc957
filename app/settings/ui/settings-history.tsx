import { RelativeTime } from "~/ui/relative-time";
import { formatNumber } from "~/i18n/format";
import type { MessageKey, TFunction } from "~/i18n/translate";
import { useLocale, useT } from "~/i18n/use-t";
import type { Locale } from "~/i18n/locales";
import { ListHeader } from "~/ui/list-header";
import { ListPagination } from "~/ui/list-pagination";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import type { Category, MenuItem } from "../app-config";
import type { FieldChange } from "../config-fields";
import type { HistoryEntry } from "../settings.server";

const columns = "md:grid-cols-[10rem_minmax(0,12rem)_minmax(0,1fr)] md:gap-x-4";

/** A stored value as the reader reads it: switches as On/Off, colours and categories by name, lists joined. */
function shown(change: FieldChange, value: unknown, t: TFunction, locale: Locale): string {
  if (typeof value === "boolean") return value ? t("settings.history.on") : t("settings.history.off");
  if (typeof value === "number") return formatNumber(value, locale);
  if (change.field === "themePrimary" && typeof value === "string") {
    return t(`settings.theme.${value}` as MessageKey);
  }
  if (change.field === "repositoryAccess" && typeof value === "string") {
    return t(`settings.repositoryAccess.${value}` as MessageKey);
  }
  if (change.field === "categories" && Array.isArray(value)) {
    const names = (value as Category[]).map((category) => category.name?.[locale] ?? category.slug);
    return names.length ? names.join(locale === "fa" ? "، " : ", ") : t("settings.history.noCategories");
  }
  if (change.field === "menu" && Array.isArray(value)) {
    // Each item by its label in this language, or what it leads to when the label is left to the target.
    const items = (value as MenuItem[]).map((item) => `\u2068${item.label?.[locale] || item.target}\u2069`);
    return items.length ? items.join(locale === "fa" ? "، " : ", ") : t("settings.history.noMenu");
  }
  if (Array.isArray(value)) {
    return value.length ? value.join(locale === "fa" ? "، " : ", ") : t("settings.history.noWords");
  }
  if (typeof value === "string") return value || t("settings.history.empty");
  return t("settings.history.empty");
}

/**
 * What happened to the categories, in words: added, removed and renamed ones, or their new order; each list of
 * them whole would bury the one that changed.
 */
function categoryEvents(change: FieldChange, t: TFunction, locale: Locale): string[] {
  const before = (Array.isArray(change.before) ? change.before : []) as Category[];
  const after = (Array.isArray(change.after) ? change.after : []) as Category[];
  // Isolated (FSI … PDI): a Latin name must not turn a Persian sentence around.
  const name = (category: Category) => `\u2068${category.name?.[locale] ?? category.slug}\u2069`;
  const events: string[] = [];
  for (const category of after) {
    const old = before.find((c) => c.slug === category.slug);
    if (!old) events.push(t("settings.history.categoryAdded", { name: name(category) }));
    else if (name(old) !== name(category) || JSON.stringify(old.name) !== JSON.stringify(category.name)) {
      events.push(t("settings.history.categoryRenamed", { before: name(old), after: name(category) }));
    }
  }
  for (const category of before) {
    if (!after.some((c) => c.slug === category.slug)) {
      events.push(t("settings.history.categoryRemoved", { name: name(category) }));
    }
  }
  const kept = (list: Category[], other: Category[]) =>
    list.filter((c) => other.some((o) => o.slug === c.slug)).map((c) => c.slug);
  if (events.length === 0 && kept(before, after).join() !== kept(after, before).join()) {
    events.push(
      t("settings.history.categoriesOrdered", { names: after.map(name).join(locale === "fa" ? "، " : ", ") }),
    );
  }
  return events;
}

/** The settings' change history: who changed which fields, from what to what, and when. */
export function SettingsHistory({
  entries,
  total,
  page,
  pageSize,
}: {
  entries: HistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
}) {
  const t = useT();
  const locale = useLocale();
  const who = (entry: HistoryEntry) =>
    entry.source === "installer"
      ? t("settings.history.installer")
      : entry.source === "system"
        ? t("settings.history.system")
        : (entry.author ?? t("settings.history.deletedAccount"));
  return (
    <Card
      title={t("settings.history.title")}
      description={`${t("settings.history.description")} ${t("settings.history.total", { count: formatNumber(total, locale) })}`}
      testId="settings-history"
    >
      {entries.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">{t("settings.history.none")}</p>
      ) : (
        <div>
          <ListHeader columns={columns}>
            <span>{t("settings.history.when")}</span>
            <span>{t("settings.history.who")}</span>
            <span>{t("settings.history.what")}</span>
          </ListHeader>
          <ol className="grid gap-3 md:gap-0 md:divide-y">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className={cn(columns, "grid gap-2 rounded-lg border p-3 md:rounded-none md:border-0 md:px-3")}
                data-testid="history-entry"
              >
                <span className="text-xs text-muted-foreground md:text-sm">
                  <RelativeTime iso={entry.at} locale={locale} />
                </span>
                <bdi className="min-w-0 truncate text-sm font-medium" data-testid="history-author">
                  {who(entry)}
                </bdi>
                <ul className="grid min-w-0 gap-2 text-sm">
                  {entry.changes.map((change) => (
                    <li key={change.field} className="grid min-w-0 gap-0.5" data-field={change.field}>
                      <span className="text-xs text-muted-foreground">
                        {t(`settings.field.${change.field}` as MessageKey)}
                      </span>
                      {change.field === "categories" ? (
                        categoryEvents(change, t, locale).map((event) => (
                          <span key={event} className="break-words">
                            {event}
                          </span>
                        ))
                      ) : (
                        // Before and after as blocks that wrap whole: a long value never threads through the other.
                        <span className="flex min-w-0 flex-wrap items-baseline gap-x-1.5">
                          <span className="sr-only">{t("settings.history.before")}</span>
                          <bdi className="min-w-0 break-words text-muted-foreground line-through decoration-muted-foreground/60">
                            {shown(change, change.before, t, locale)}
                          </bdi>
                          <span aria-hidden className="text-muted-foreground">
                            {locale === "fa" ? "←" : "→"}
                          </span>
                          <span className="sr-only">{t("settings.history.after")}</span>
                          <bdi className="min-w-0 break-words font-medium" data-testid="history-after">
                            {shown(change, change.after, t, locale)}
                          </bdi>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </div>
      )}
      <ListPagination page={page} pageSize={pageSize} total={total} />
    </Card>
  );
}
