import { Link } from "react-router";
import { Address } from "~/ui/address";
import { editorPathOf } from "~/content/editor-link";
import type { ItemPageWithChanges, ItemWithChange, PendingMark } from "~/builds/pending-items.server";
import { RelativeTime } from "~/ui/relative-time";
import { formatNumber } from "~/i18n/format";
import { Moment } from "~/ui/moment";
import { dirOf, localizePath, otherLocale, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { buttonClass } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import type { ReactNode } from "react";
import { ListHeader } from "~/ui/list-header";
import { ListPagination } from "~/ui/list-pagination";

/** The one column template of the header and every row from lg up. */
const columns = "lg:grid-cols-[minmax(0,2.4fr)_5.5rem_minmax(0,1fr)_6.5rem_minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-x-4";

/**
 * One page of items: title and address, language, category, status, last change, translation; the open build's
 * change to each, and the pages it creates first. With `canEdit` (commit.create) a title opens the editor, an
 * item without its other language offers "Translate" and the card has "New page".
 */
export function ItemsList({
  page,
  filters,
  canEdit,
  newPageLocale,
}: {
  page: ItemPageWithChanges;
  filters: ReactNode;
  canEdit: boolean;
  /** The language a new page is written in: the list's language filter, else the interface's. */
  newPageLocale?: Locale;
}) {
  const t = useT();
  const locale = useLocale();
  const rows = [...page.created, ...page.items];
  return (
    <Card
      title={t("items.tabs.items")}
      description={t("items.total", { count: formatNumber(page.total, locale) })}
      testId="items-card"
      actions={
        canEdit ? (
          <Link
            to={localizePath("/manage/editor", locale) + (newPageLocale ? `?locale=${newPageLocale}` : "")}
            className={buttonClass({ size: "sm" })}
            data-testid="new-page"
          >
            <Icon name="file-plus" />
            {t("items.newPage")}
          </Link>
        ) : null
      }
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
          {rows.map((item) => (
            <ItemRowView key={`${item.locale}:${item.path}`} item={item} canEdit={canEdit} />
          ))}
        </ul>
        {rows.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground" data-testid="items-none">
            {t("items.none")}
          </p>
        ) : null}
      </div>
      <ListPagination page={page.page} pageSize={page.pageSize} total={page.total} />
    </Card>
  );
}

function ItemRowView({ item, canEdit }: { item: ItemWithChange; canEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const other = otherLocale(item.locale);
  const language = t(`items.lang.${other}`);
  // The title in its own language and direction, aligned with the page's text.
  const title = (
    <bdi lang={item.locale} dir={dirOf(item.locale)}>
      {item.title}
    </bdi>
  );
  // A page the open build deletes has nothing to edit; one it moves is edited at its new address.
  const editPath = item.pending?.action === "delete" ? null : (item.pending?.to ?? item.path);
  const titleClass = "line-clamp-2 font-medium break-words hover:underline";
  return (
    <li
      className={cn(
        columns,
        "grid grid-cols-2 items-center gap-x-3 gap-y-2 rounded-lg border p-3 lg:rounded-none lg:border-0",
      )}
      data-testid="item-row"
      data-locale={item.locale}
      data-path={item.path}
      data-status={item.status}
      data-pending={item.pending?.action}
    >
      <div className="col-span-full grid min-w-0 gap-0.5 lg:col-span-1">
        <span className="flex min-w-0 items-start gap-1.5">
          {canEdit && editPath !== null ? (
            <Link
              to={localizePath(editorPathOf(item.locale, editPath), locale)}
              className={titleClass}
              title={t("items.editOf", { title: item.title })}
              data-testid="item-title"
            >
              {title}
            </Link>
          ) : item.url ? (
            <Link
              to={item.url}
              className={titleClass}
              title={t("items.viewOf", { title: item.title })}
              data-testid="item-title"
            >
              {title}
            </Link>
          ) : (
            <span className="line-clamp-2 font-medium break-words" data-testid="item-title">
              {title}
            </span>
          )}
          {canEdit && item.url ? (
            <Link
              to={item.url}
              className="mt-0.5 shrink-0 rounded text-muted-foreground hover:text-foreground"
              aria-label={t("items.viewOf", { title: item.title })}
              title={t("items.viewOf", { title: item.title })}
              data-testid="item-view"
            >
              <Icon name="external-link" className="size-4" />
            </Link>
          ) : null}
        </span>
        <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          {item.pending ? <PendingBadge mark={item.pending} /> : null}
          <Address className="truncate">{item.path}</Address>
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
        {/* A page the open build creates is on no site yet, whatever its front matter says. */}
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-medium",
            item.status === "published" && item.id !== null
              ? "bg-success/15 text-success"
              : "bg-warning/15 text-warning",
          )}
          data-testid="item-status"
        >
          {t(item.id === null ? "items.status.unpublished" : `items.status.${item.status}`)}
        </span>
        {item.status === "scheduled" && item.publishAt ? (
          <span className="mt-1 block text-xs text-muted-foreground" data-testid="item-scheduled-at">
            {t("items.scheduledFor")} <Moment iso={item.publishAt} locale={locale} />
          </span>
        ) : null}
      </span>
      <span className="text-xs text-muted-foreground lg:text-sm">
        <span className="sr-only">{t("items.column.updated")}: </span>
        <RelativeTime iso={item.updatedAt} locale={locale} />
      </span>
      <span className="col-span-full flex flex-wrap items-center gap-x-3 gap-y-1 lg:col-span-1">
        <span
          className={cn(
            "flex items-center gap-1.5 text-xs",
            item.translated || item.translationPending ? "text-muted-foreground" : "text-warning",
          )}
          data-testid="item-translation"
          data-translated={item.translated}
          data-waiting={item.translationPending || undefined}
        >
          <Icon
            name={item.translated ? "check" : item.translationPending ? "clock" : "circle-dashed"}
            className="size-4 shrink-0"
          />
          {t(
            item.translated
              ? "items.translated"
              : item.translationPending
                ? "items.translationWaiting"
                : "items.untranslated",
            { language },
          )}
        </span>
        {canEdit && !item.translated && !item.translationPending && item.pending?.action !== "delete" ? (
          // The editor on the other language's page at the same address, the original beside it.
          <Link
            to={`${localizePath(editorPathOf(other, editPath ?? item.path), locale)}?from=${item.locale}`}
            className={buttonClass({ variant: "outline", size: "sm" })}
            title={t("items.translateInto", { language, title: item.title })}
            data-testid="item-translate"
          >
            <Icon name="languages" />
            {t("items.translate")}
          </Link>
        ) : null}
      </span>
    </li>
  );
}

/** What the open build does to the item: it is not on the site yet. */
function PendingBadge({ mark }: { mark: PendingMark }) {
  const t = useT();
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 font-sans font-medium text-primary"
      data-testid="item-pending"
      data-action={mark.action}
    >
      <Icon name="git-commit-horizontal" className="size-3.5 shrink-0" />
      {mark.action === "move" && mark.to ? (
        <span>
          {t("items.pending.move")} <bdi dir="ltr">{mark.to}</bdi>
        </span>
      ) : (
        t(`items.pending.${mark.action}`)
      )}
    </span>
  );
}
