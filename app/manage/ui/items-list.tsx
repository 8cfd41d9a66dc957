import { Link } from "react-router";
import { RelativeTime } from "~/comments/ui/relative-time";
import type { ItemPage } from "~/content/items.server";
import { formatNumber } from "~/i18n/format";
import { dirOf, otherLocale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import type { ReactNode } from "react";
import { ListHeader } from "./list-header";
import { ListPagination } from "./list-pagination";

/** The one column template of the header and every row from lg up. */
const columns = "lg:grid-cols-[minmax(0,2.4fr)_5.5rem_minmax(0,1fr)_6.5rem_minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-x-4";

/** One page of items: title and address, language, category, status, last change, translation. */
export function ItemsList({ page, filters }: { page: ItemPage; filters: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card
      title={t("items.tabs.items")}
      description={t("items.total", { count: formatNumber(page.total, locale) })}
      testId="items-card"
    >
      {filters}
      <div data-testid="items-table">
        <ListHeader columns={columns} wide="lg">
          <span>{t("items.column.title")}</span>
          <span>{t("items.column.locale")}</span>
          <span>{t("items.column.category")}</span>
          <span>{t("items.column.status")}</span>
          <span>{t("items.column.updated")}</span>
          <span>{t("items.column.translation")}</span>
        </ListHeader>
        <ul className="grid gap-3 lg:gap-0 lg:divide-y">
          {page.items.map((item) => {
            const other = otherLocale(item.locale);
            const language = t(`items.lang.${other}`);
            return (
              <li
                key={item.id}
                className={cn(
                  columns,
                  "grid grid-cols-2 items-center gap-x-3 gap-y-2 rounded-lg border p-3 lg:rounded-none lg:border-0",
                )}
                data-testid="item-row"
                data-locale={item.locale}
                data-path={item.path}
                data-status={item.status}
              >
                <div className="col-span-full grid min-w-0 gap-0.5 lg:col-span-1">
                  {/* The editor's link (/manage/editor/<path>) takes the title's place here when the editor exists;
                      until then a published item opens on the site. */}
                  {item.url ? (
                    <Link
                      to={item.url}
                      className="line-clamp-2 font-medium break-words hover:underline"
                      title={t("items.viewOf", { title: item.title })}
                      data-testid="item-title"
                    >
                      {/* The title in its own language and direction, aligned with the page's text. */}
                      <bdi lang={item.locale} dir={dirOf(item.locale)}>
                        {item.title}
                      </bdi>
                    </Link>
                  ) : (
                    <span className="line-clamp-2 font-medium break-words" data-testid="item-title">
                      <bdi lang={item.locale} dir={dirOf(item.locale)}>
                        {item.title}
                      </bdi>
                    </span>
                  )}
                  <span className="flex min-w-0 flex-wrap gap-x-2 text-xs text-muted-foreground">
                    <bdi dir="ltr" className="truncate font-mono">
                      {item.path}
                    </bdi>
                    {item.author ? (
                      <span>
                        <span className="sr-only">{t("items.column.author")}: </span>
                        <bdi>{item.author}</bdi>
                      </span>
                    ) : null}
                  </span>
                </div>
                <span className="text-sm">
                  <span className="sr-only">{t("items.column.locale")}: </span>
                  <span className="rounded border px-1.5 py-0.5 text-xs font-medium" data-testid="item-locale">
                    {t(`items.lang.${item.locale}`)}
                  </span>
                </span>
                <span className="min-w-0 truncate text-sm" data-testid="item-category">
                  <span className="sr-only">{t("items.column.category")}: </span>
                  {item.category ? (
                    item.category.name ? (
                      <bdi>{item.category.name}</bdi>
                    ) : (
                      <span className="text-warning">{t("items.unknownCategory", { slug: item.category.slug })}</span>
                    )
                  ) : (
                    <span className="text-muted-foreground">{t("items.noCategory")}</span>
                  )}
                </span>
                <span className="text-sm">
                  <span className="sr-only">{t("items.column.status")}: </span>
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-medium",
                      item.status === "published" ? "bg-success/15 text-success" : "bg-warning/15 text-warning",
                    )}
                    data-testid="item-status"
                  >
                    {t(`items.status.${item.status}`)}
                  </span>
                </span>
                <span className="text-xs text-muted-foreground lg:text-sm">
                  <span className="sr-only">{t("items.column.updated")}: </span>
                  <RelativeTime iso={item.updatedAt} locale={locale} />
                </span>
                <span
                  className={cn(
                    "flex items-center gap-1.5 text-xs",
                    item.translated ? "text-muted-foreground" : "text-warning",
                  )}
                  data-testid="item-translation"
                  data-translated={item.translated}
                >
                  <Icon name={item.translated ? "check" : "circle-dashed"} className="size-4 shrink-0" />
                  {t(item.translated ? "items.translated" : "items.untranslated", { language })}
                </span>
              </li>
            );
          })}
        </ul>
        {page.items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground" data-testid="items-none">
            {t("items.none")}
          </p>
        ) : null}
      </div>
      <ListPagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </Card>
  );
}
