import { data, useLoaderData } from "react-router";
import { requirePagePermission } from "~/auth/current-user.server";
import { listCategories } from "~/content/categories.server";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { CategoriesTable } from "~/manage/ui/categories-table";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/items-category";

/**
 * /manage/items/category: the categories, their names and item counts. Seeing them needs dashboard.read;
 * adding, renaming, reordering and removing need settings.edit, checked by the API.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const actor = await requirePagePermission(request, "dashboard.read");
  const { locale } = parseLocalizedPath(new URL(request.url).pathname);
  const { categories } = await listCategories(await getDb());
  return data(
    {
      messages: pickMessages(locale, ["manage", "items", "validation", "auth"]),
      categories,
      canEdit: actor.permissions.includes("settings.edit"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("items.category.title")) },
  { name: "robots", content: "noindex" },
];

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
