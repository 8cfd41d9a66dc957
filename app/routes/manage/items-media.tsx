import { useLoaderData } from "react-router";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { useT } from "~/i18n/use-t";
import { ItemsTabs } from "~/manage/ui/items-tabs";
import { listMedia, MEDIA_PAGE_SIZE } from "~/builds/media.server";
import { mediaListQuery } from "~/media/schema";
import { MediaList } from "~/builds/ui/media-list";
import type { Route } from "./+types/items-media";

/** /manage/items/media: every image of the site's pages, published or waiting in the open build, and its uses. */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "items", "media"], title: "media.title" },
    async ({ url, user }) => {
      const parsed = mediaListQuery.safeParse(Object.fromEntries(url.searchParams));
      const query = parsed.success ? parsed.data : { page: 1 };
      const list = await listMedia(await getDb(), query);
      return {
        q: query.q ?? "",
        pageSize: MEDIA_PAGE_SIZE,
        canDelete: user.permissions.includes("commit.create"),
        ...list,
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

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
