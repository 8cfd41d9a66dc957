import { data, useLoaderData } from "react-router";
import { requirePagePermission } from "~/auth/current-user.server";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { mergeHeaders } from "~/lib/headers";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import { listMedia, MEDIA_PAGE_SIZE } from "~/builds/media.server";
import { mediaListQuery } from "~/media/schema";
import { MediaList } from "~/builds/ui/media-list";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/items-media";

/** /manage/items/media: every image of the site's pages, published or waiting in the open build, and its uses. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePagePermission(request, "dashboard.read");
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const parsed = mediaListQuery.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : { page: 1 };
  const list = await listMedia(await getDb(), query);
  return data(
    {
      messages: pickMessages(locale, ["manage", "items", "media"]),
      q: query.q ?? "",
      pageSize: MEDIA_PAGE_SIZE,
      ...list,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("media.title")) },
  { name: "robots", content: "noindex" },
];

export default function ManageMedia() {
  const t = useT();
  const list = useLoaderData<typeof loader>();
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-media">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("items.title")}</h1>
        <p className="text-muted-foreground">{t("media.description")}</p>
      </header>
      <ItemsTabs />
      <MediaList {...list} />
    </section>
  );
}
