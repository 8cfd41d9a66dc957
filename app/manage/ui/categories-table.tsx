import { useState } from "react";
import { Link } from "react-router";
import type { CategoryInfo } from "~/content/categories.server";
import { formatNumber } from "~/i18n/format";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";
import { CategoryForm } from "./category-form";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormDialog } from "./form-dialog";
import { ListHeader } from "~/ui/list-header";

const columns = "md:grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:gap-x-4";

type Open = { kind: "add" } | { kind: "rename"; category: CategoryInfo } | { kind: "remove"; category: CategoryInfo };

/**
 * The categories in their menu order: position, names, address and items, with moving up and down, renaming
 * and removing for those who may change settings.
 */
export function CategoriesTable({ categories, canEdit }: { categories: CategoryInfo[]; canEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const nameOf = (category: CategoryInfo) => category.name[locale];

  const move = (index: number, by: -1 | 1) => {
    // One move at a time; the buttons stay enabled meanwhile, so the one pressed keeps the focus.
    if (action.pending) return;
    const slugs = categories.map((c) => c.slug);
    const [moved] = slugs.splice(index, 1);
    slugs.splice(index + by, 0, moved!);
    action.run("/api/categories/order", {
      method: "PUT",
      body: { slugs },
      // The row moved; its button keeps the focus (or the other one, at an end), so moving again is one key away.
      onSuccess: () =>
        requestAnimationFrame(() => {
          const row = document.querySelector(`[data-testid="category-row"][data-slug="${moved}"]`);
          const same = row?.querySelector<HTMLButtonElement>(`[data-move="${by}"]:not(:disabled)`);
          (same ?? row?.querySelector<HTMLButtonElement>("[data-move]:not(:disabled)"))?.focus();
        }),
    });
  };

  return (
    <Card
      title={t("items.category.heading")}
      description={t("items.category.total", { count: formatNumber(categories.length, locale) })}
      testId="categories-card"
      actions={
        canEdit ? (
          <Button size="sm" onClick={() => setOpen({ kind: "add" })} data-testid="add-category">
            <Icon name="plus" />
            {t("items.category.add")}
          </Button>
        ) : null
      }
    >
      <div data-testid="categories-table">
        <ListHeader columns={columns}>
          <span>#</span>
          <span>{t("items.category.nameFa")}</span>
          <span>{t("items.category.nameEn")}</span>
          <span>{t("items.category.items")}</span>
          {canEdit ? <span className="text-end">{t("items.category.actions")}</span> : <span />}
        </ListHeader>
        <ol className="grid gap-3 md:gap-0 md:divide-y">
          {categories.map((category, index) => {
            const total = category.items.fa + category.items.en;
            return (
              <li
                key={category.slug}
                className={cn(
                  columns,
                  "grid grid-cols-[2rem_minmax(0,1fr)] items-center gap-x-3 gap-y-2 rounded-lg border p-3 md:rounded-none md:border-0",
                )}
                data-testid="category-row"
                data-slug={category.slug}
              >
                <span
                  className="row-span-2 grid size-8 place-items-center rounded-full bg-muted text-sm font-semibold tabular-nums md:row-span-1"
                  aria-label={t("items.category.position", { position: formatNumber(index + 1, locale) })}
                >
                  {formatNumber(index + 1, locale)}
                </span>
                <div className="grid min-w-0 gap-0.5">
                  {/* Each name isolated in its own direction, aligned with the page's text. */}
                  <span className="truncate font-medium" data-testid="category-name-fa">
                    <bdi lang="fa" dir="rtl">
                      {category.name.fa}
                    </bdi>
                  </span>
                  <Link
                    to={localizePath(`/${category.slug}`, locale)}
                    className="justify-self-start font-mono text-xs text-muted-foreground hover:underline"
                    dir="ltr"
                    title={t("items.category.view")}
                    data-testid="category-slug"
                  >
                    /{category.slug}
                  </Link>
                </div>
                <span className="min-w-0 truncate md:col-start-3" data-testid="category-name-en">
                  <bdi lang="en" dir="ltr">
                    {category.name.en}
                  </bdi>
                </span>
                <span className="col-start-2 text-sm text-muted-foreground md:col-start-4" data-testid="category-items">
                  <span className="md:sr-only">{t("items.category.items")}: </span>
                  <span className="font-medium text-foreground">{formatNumber(total, locale)}</span>{" "}
                  <span className="text-xs">
                    (
                    {t("items.category.itemCounts", {
                      fa: formatNumber(category.items.fa, locale),
                      en: formatNumber(category.items.en, locale),
                    })}
                    )
                  </span>
                </span>
                {canEdit ? (
                  <span className="col-span-full flex flex-wrap justify-end gap-1 md:col-span-1">
                    <Button
                      variant="outline"
                      size="icon"
                      disabled={index === 0}
                      aria-busy={action.pending || undefined}
                      onClick={() => move(index, -1)}
                      aria-label={t("items.category.moveUp", { name: nameOf(category) })}
                      data-move="-1"
                      data-testid="move-up"
                    >
                      <Icon name="arrow-up" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      disabled={index === categories.length - 1}
                      aria-busy={action.pending || undefined}
                      onClick={() => move(index, 1)}
                      aria-label={t("items.category.moveDown", { name: nameOf(category) })}
                      data-move="1"
                      data-testid="move-down"
                    >
                      <Icon name="arrow-down" />
                    </Button>
                    <Button
                      variant="outline"
                      size={null}
                      className="h-9 px-3 text-sm"
                      onClick={() => setOpen({ kind: "rename", category })}
                      aria-label={t("items.category.renameOf", { name: nameOf(category) })}
                      data-testid="rename-category"
                    >
                      <Icon name="pencil" />
                      {t("items.category.rename")}
                    </Button>
                    <Button
                      variant="outline"
                      size={null}
                      className="h-9 px-3 text-sm text-destructive"
                      onClick={() => setOpen({ kind: "remove", category })}
                      aria-label={t("items.category.removeOf", { name: nameOf(category) })}
                      data-testid="remove-category"
                    >
                      <Icon name="trash-2" />
                      {t("items.category.remove")}
                    </Button>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
        {categories.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t("items.category.none")}</p>
        ) : null}
      </div>

      {open?.kind === "add" ? (
        <FormDialog
          onOpenChange={(isOpen) => !isOpen && close()}
          title={t("items.category.addTitle")}
          description={t("items.category.addDescription")}
          testId="add-category-dialog"
        >
          <CategoryForm onDone={close} />
        </FormDialog>
      ) : null}
      {open?.kind === "rename" ? (
        <FormDialog
          onOpenChange={(isOpen) => !isOpen && close()}
          title={t("items.category.renameTitle", { name: nameOf(open.category) })}
          description={t("items.category.renameDescription", { slug: open.category.slug })}
          testId="rename-category-dialog"
        >
          <CategoryForm category={open.category} onDone={close} />
        </FormDialog>
      ) : null}
      {open?.kind === "remove" ? (
        open.category.items.fa + open.category.items.en > 0 ? (
          <ConfirmDialog
            title={t("items.category.removeTitle", { name: nameOf(open.category) })}
            description={t("items.category.inUse", {
              count: formatNumber(open.category.items.fa + open.category.items.en, locale),
            })}
            onClose={close}
            testId="remove-category-dialog"
          />
        ) : (
          <ConfirmDialog
            title={t("items.category.removeTitle", { name: nameOf(open.category) })}
            description={t("items.category.removeDescription")}
            confirmLabel={t("items.category.removeConfirm")}
            onConfirm={() => action.run("/api/categories/remove", { body: { slug: open.category.slug } })}
            onClose={close}
            testId="remove-category-dialog"
          />
        )
      ) : null}
    </Card>
  );
}
