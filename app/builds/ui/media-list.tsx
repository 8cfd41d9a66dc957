import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";
import { Address } from "~/ui/address";
import { RelativeTime } from "~/ui/relative-time";
import { formatNumber } from "~/i18n/format";
import { dirOf, localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { FilterBar } from "~/ui/filter-bar";
import { ListPagination } from "~/ui/list-pagination";
import { Card } from "~/ui/card";
import type { MediaItem } from "~/builds/media.server";
import { variantUrl } from "~/lib/image-sizes";

/**
 * The media list: a card per image with its file, size, status, uploader and the pages that use it; an image no
 * page uses can be deleted (for who may commit), after a question.
 */
export function MediaList({
  items,
  total,
  page,
  pageSize,
  q,
  canDelete,
}: {
  items: MediaItem[];
  total: number;
  page: number;
  pageSize: number;
  q: string;
  canDelete: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [deleting, setDeleting] = useState<string | null>(null);
  const nameOf = (file: string) => file.replace(/^media\//, "");
  return (
    <Card
      title={t("media.title")}
      description={t("media.total", { count: formatNumber(total, locale) })}
      testId="media-card"
    >
      <FilterBar
        search={{ label: t("media.search"), placeholder: t("media.search"), value: q }}
        selects={[]}
        testId="media-filters"
      />
      {items.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground" data-testid="media-empty">
          {q ? t("media.noMatch") : t("media.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="media-grid">
          {items.map((item) => (
            <li
              key={item.file}
              className="grid grid-rows-[auto_1fr] overflow-hidden rounded-lg border bg-background"
              data-testid="media-row"
              data-file={item.file}
              data-status={item.status}
            >
              <a href={item.url} className="block aspect-[16/10] bg-muted" target="_blank" rel="noreferrer">
                <img
                  src={item.key ? variantUrl(item.key, 640, "webp") : item.url}
                  alt=""
                  loading="lazy"
                  className="size-full object-contain"
                />
              </a>
              <div className="grid content-start gap-2 p-3 text-sm">
                <Address className="truncate text-xs" title={item.file} data-testid="media-file">
                  {item.file.replace(/^media\//, "")}
                </Address>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                  <span
                    className={
                      item.status === "deleting"
                        ? "rounded-full bg-red-100 px-2 py-0.5 font-medium text-red-900 dark:bg-red-950 dark:text-red-200"
                        : item.status === "published"
                          ? "rounded-full bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                          : "rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
                    }
                    data-testid="media-status"
                  >
                    {t(`media.status.${item.status}`)}
                  </span>
                  {item.width && item.height ? (
                    <span>
                      {t("media.dimensions", {
                        width: formatNumber(item.width, locale),
                        height: formatNumber(item.height, locale),
                      })}
                    </span>
                  ) : null}
                  <span>
                    {t("media.kilobytes", { n: formatNumber(Math.max(1, Math.round(item.size / 1024)), locale) })}
                  </span>
                  {item.uploadedBy ? <span>{t("media.uploadedBy", { name: item.uploadedBy })}</span> : null}
                  <RelativeTime iso={item.createdAt} locale={locale} />
                </div>
                <div className="grid gap-1" data-testid="media-used-in">
                  <span className="text-xs font-semibold text-muted-foreground">{t("media.col.usedIn")}</span>
                  {item.usedIn.length ? (
                    <ul className="grid gap-0.5">
                      {item.usedIn.map((use) => (
                        <li key={`${use.locale}:${use.path}`} className="truncate">
                          <Link to={localizePath(use.path, use.locale)} className="hover:underline">
                            <bdi lang={use.locale} dir={dirOf(use.locale)}>
                              {use.title}
                            </bdi>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-muted-foreground">{t("media.notUsed")}</span>
                  )}
                </div>
                {canDelete && item.status !== "deleting" ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={item.usedIn.length > 0}
                      aria-label={t("media.delete.label", { name: nameOf(item.file) })}
                      aria-describedby={item.usedIn.length ? `${item.file}-in-use` : undefined}
                      onClick={() => setDeleting(item.file)}
                      data-testid="media-delete"
                    >
                      <Icon name="trash-2" />
                      {t("media.delete.action")}
                    </Button>
                    {item.usedIn.length ? (
                      <span id={`${item.file}-in-use`} className="text-xs text-muted-foreground">
                        {t("media.delete.inUseHint")}
                      </span>
                    ) : null}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ListPagination page={page} pageSize={pageSize} total={total} />
      {deleting ? (
        <ConfirmDialog
          title={t("media.delete.title")}
          description={t("media.delete.description", { name: `\u2068${nameOf(deleting)}\u2069` })}
          confirmLabel={t("media.delete.confirm")}
          onConfirm={() => action.run("/api/media/delete", { body: { file: deleting } })}
          onClose={() => setDeleting(null)}
          testId="delete-media-dialog"
        />
      ) : null}
    </Card>
  );
}
