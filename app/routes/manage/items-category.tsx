import { useLoaderData } from "react-router";
import { listCategories } from "~/content/categories.server";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { useT } from "~/i18n/use-t";
import { CategoriesTable } from "~/manage/ui/categories-table";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import type { Route } from "./+types/items-category";

/**
 * /manage/items/category: the categories, their names and item counts. Seeing them needs dashboard.read;
 * adding, renaming, reordering and removing need settings.edit, checked by the API.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "items", "validation", "auth"], title: "items.category.title" },
    async ({ user: actor }) => {
      const { categories } = await listCategories(await getDb());
      return {
        categories,
        canEdit: actor.permissions.includes("settings.edit"),
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageCategories() {
  const t = useT();
  const { categories, canEdit } = useLoaderData<typeof loader>();
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-categories">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("items.title")}</h1>
        <p className="text-muted-foreground">{t("items.category.description")}</p>
        {!canEdit ? (
          <p className="text-sm text-muted-foreground" data-testid="read-only">
            {t("items.category.readOnly")}
          </p>
        ) : null}
      </header>
      <ItemsTabs />
      <CategoriesTable categories={categories} canEdit={canEdit} />
    </section>
  );
}
