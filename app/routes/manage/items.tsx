import { useLoaderData } from "react-router";
import { listItemsWithChanges } from "~/builds/pending-items.server";
import { unknownCategorySlugs } from "~/content/categories.server";
import { itemListQuery, itemSorts } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { locales } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { pageQuery } from "~/edge/page-query.server";
import { FilterBar } from "~/ui/filter-bar";
import { ItemsList } from "~/manage/ui/items-list";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import { getAppConfig } from "~/settings/app-config.server";
import type { Route } from "./+types/items";

/**
 * /manage/items: every content item, drafts too, with filters, search, order and pages (dashboard.read), and what
 * the open build does to each. Those who may write (commit.create) open items in the editor from here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "items"], title: "items.title" },
    async ({ user, locale, url }) => {
      const query = pageQuery(itemListQuery, url);
      const [db, config] = await Promise.all([getDb(), getAppConfig()]);
      const [page, unknown] = await Promise.all([
        listItemsWithChanges(db, config, query, locale),
        unknownCategorySlugs(db, config),
      ]);
      return {
        page,
        query,
        canEdit: user.permissions.includes("commit.create"),
        categories: [
          ...config.categories.map((category) => ({ value: category.slug, label: category.name[locale] })),
          ...unknown.map((slug) => ({ value: slug, label: slug })),
        ],
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageItems() {
  const t = useT();
  const { page, query, categories, canEdit } = useLoaderData<typeof loader>();
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-items">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("items.title")}</h1>
        <p className="text-muted-foreground">{t("items.description")}</p>
      </header>
      <ItemsTabs />
      <ItemsList
        page={page}
        canEdit={canEdit}
        newPageLocale={query.locale}
        filters={
          <FilterBar
            testId="items-filters"
            search={{ label: t("items.search"), placeholder: t("items.searchPlaceholder"), value: query.q }}
            selects={[
              {
                name: "locale",
                label: t("items.filter.locale"),
                value: query.locale ?? "",
                options: [
                  { value: "", label: t("items.filter.localeAll") },
                  ...locales.map((l) => ({ value: l, label: t(`items.lang.${l}`) })),
                ],
              },
              {
                name: "category",
                label: t("items.filter.category"),
                value: query.category ?? "",
                options: [
                  { value: "", label: t("items.filter.categoryAll") },
                  ...categories,
                  { value: "none", label: t("items.filter.categoryNone") },
                ],
              },
              {
                name: "status",
                label: t("items.filter.status"),
                value: query.status ?? "",
                options: [
                  { value: "", label: t("items.filter.statusAll") },
                  { value: "published", label: t("items.status.published") },
                  { value: "draft", label: t("items.status.draft") },
                  { value: "scheduled", label: t("items.status.scheduled") },
                ],
              },
              {
                name: "translation",
                label: t("items.filter.translation"),
                value: query.translation ?? "",
                options: [
                  { value: "", label: t("items.filter.translationAll") },
                  { value: "missing", label: t("items.filter.translationMissing") },
                  { value: "present", label: t("items.filter.translationPresent") },
                ],
              },
              {
                name: "sort",
                label: t("items.filter.sort"),
                value: query.sort === "updated-desc" ? "" : query.sort,
                options: itemSorts.map((sort) => ({
                  value: sort === "updated-desc" ? "" : sort,
                  label: t(`items.sort.${sort}`),
                })),
              },
            ]}
          />
        }
      />
    </section>
  );
}
