import { useState } from "react";
import type { RedirectRow } from "~/content/redirects.server";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Address } from "~/ui/address";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FilterBar } from "~/ui/filter-bar";
import { Icon } from "~/ui/icon";
import { ListHeader } from "~/ui/list-header";
import { ListPagination } from "~/ui/list-pagination";
import { RelativeTime } from "~/ui/relative-time";
import { useApiAction } from "~/ui/use-api";
import { FormDialog } from "./form-dialog";
import { RedirectForm } from "./redirect-form";

const columns = "md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_8rem_auto] md:gap-x-4";

type Open = { kind: "add" } | { kind: "change"; redirect: RedirectRow } | { kind: "remove"; redirect: RedirectRow };

/**
 * The site's redirects, by old address: where each goes, why it exists and when it last changed; adding,
 * changing and removing for those who may publish.
 */
export function RedirectsTable({
  items,
  total,
  page,
  pageSize,
  q,
  canEdit,
}: {
  items: RedirectRow[];
  total: number;
  page: number;
  pageSize: number;
  q: string;
  canEdit: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  return (
    <Card
      title={t("items.redirects.heading")}
      description={t("items.redirects.total", { count: formatNumber(total, locale) })}
      testId="redirects-card"
      actions={
        canEdit ? (
          <Button size="sm" onClick={() => setOpen({ kind: "add" })} data-testid="add-redirect">
            <Icon name="plus" />
            {t("items.redirects.add")}
          </Button>
        ) : null
      }
    >
      <FilterBar
        search={{ label: t("items.redirects.search"), placeholder: t("items.redirects.searchPlaceholder"), value: q }}
        selects={[]}
        testId="redirect-filters"
      />
      <div data-testid="redirects-table">
        <ListHeader columns={columns}>
          <span>{t("items.redirects.from")}</span>
          <span>{t("items.redirects.to")}</span>
          <span>{t("items.redirects.kind")}</span>
          {canEdit ? <span className="text-end">{t("items.redirects.actions")}</span> : <span />}
        </ListHeader>
        <ul className="grid gap-3 md:gap-0 md:divide-y">
          {items.map((redirect) => (
            <li
              key={redirect.id}
              className={cn(
                columns,
                "grid grid-cols-1 items-center gap-y-2 rounded-lg border p-3 md:rounded-none md:border-0",
              )}
              data-testid="redirect-row"
            >
              <span className="min-w-0 text-sm">
                <span className="text-xs text-muted-foreground md:sr-only">{t("items.redirects.from")}: </span>
                <Address className="break-all font-medium" data-testid="redirect-row-from">
                  {redirect.from}
                </Address>
              </span>
              <span className="min-w-0 text-sm">
                <span className="text-xs text-muted-foreground md:sr-only">{t("items.redirects.to")}: </span>
                <a href={redirect.to} className="break-all hover:underline" data-testid="redirect-row-to">
                  <Address>{redirect.to}</Address>
                </a>
              </span>
              <span className="grid gap-0.5 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{t(`items.redirects.kind.${redirect.kind}`)}</span>
                <RelativeTime iso={redirect.updatedAt} locale={locale} />
              </span>
              {canEdit ? (
                <span className="flex flex-wrap justify-end gap-1">
                  <Button
                    variant="outline"
                    size={null}
                    className="h-9 px-3 text-sm"
                    onClick={() => setOpen({ kind: "change", redirect })}
                    aria-label={t("items.redirects.changeOf", { from: redirect.from })}
                    data-testid="change-redirect"
                  >
                    <Icon name="pencil" />
                    {t("items.redirects.change")}
                  </Button>
                  <Button
                    variant="outline"
                    size={null}
                    className="h-9 px-3 text-sm text-destructive"
                    onClick={() => setOpen({ kind: "remove", redirect })}
                    aria-label={t("items.redirects.removeOf", { from: redirect.from })}
                    data-testid="remove-redirect"
                  >
                    <Icon name="trash-2" />
                    {t("items.redirects.remove")}
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground" data-testid="redirects-empty">
            {q ? t("items.redirects.noMatch") : t("items.redirects.none")}
          </p>
        ) : null}
      </div>
      <ListPagination page={page} pageSize={pageSize} total={total} />

      {open?.kind === "add" ? (
        <FormDialog
          onOpenChange={(isOpen) => !isOpen && close()}
          title={t("items.redirects.addTitle")}
          description={t("items.redirects.addDescription")}
          testId="add-redirect-dialog"
        >
          <RedirectForm onDone={close} />
        </FormDialog>
      ) : null}
      {open?.kind === "change" ? (
        <FormDialog
          onOpenChange={(isOpen) => !isOpen && close()}
          title={t("items.redirects.changeTitle")}
          description={t("items.redirects.addDescription")}
          testId="change-redirect-dialog"
        >
          <RedirectForm redirect={open.redirect} onDone={close} />
        </FormDialog>
      ) : null}
      {open?.kind === "remove" ? (
        <ConfirmDialog
          title={t("items.redirects.removeTitle", { from: open.redirect.from })}
          description={t("items.redirects.removeDescription")}
          confirmLabel={t("items.redirects.remove")}
          onConfirm={() => action.run("/api/redirects/remove", { body: { id: open.redirect.id } })}
          onClose={close}
          testId="remove-redirect-dialog"
        />
      ) : null}
    </Card>
  );
}
