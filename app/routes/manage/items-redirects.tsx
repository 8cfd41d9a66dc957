import { useLoaderData } from "react-router";
import { listRedirects, REDIRECTS_PAGE } from "~/content/redirects.server";
import { redirectListQuery } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { pageQuery } from "~/edge/page-query.server";
import { useT } from "~/i18n/use-t";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import { RedirectsTable } from "~/manage/ui/redirects-table";
import type { Route } from "./+types/items-redirects";

/**
 * /manage/items/redirects: the old addresses that lead to new ones. Seeing them needs dashboard.read; adding,
 * changing and removing need builds.push (a redirect is live at once, as a published build is), checked by the API.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "items", "validation", "auth"], title: "items.redirects.title" },
    async ({ user, url }) => {
      const query = pageQuery(redirectListQuery, url);
      const list = await listRedirects(await getDb(), { q: query.q, page: query.page, pageSize: REDIRECTS_PAGE });
      return { ...list, q: query.q, canEdit: user.permissions.includes("builds.push") };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageRedirects() {
  const t = useT();
  const list = useLoaderData<typeof loader>();
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-redirects">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("items.title")}</h1>
        <p className="text-muted-foreground">{t("items.redirects.description")}</p>
        {!list.canEdit ? (
          <p className="text-sm text-muted-foreground" data-testid="read-only">
            {t("items.redirects.readOnly")}
          </p>
        ) : null}
      </header>
      <ItemsTabs />
      <RedirectsTable {...list} />
    </section>
  );
}
