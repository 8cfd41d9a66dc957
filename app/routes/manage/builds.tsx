import { useLoaderData } from "react-router";
import { listBuilds } from "~/builds/builds.server";
import { hostView, readHostSettings } from "~/builds/host-settings.server";
import { buildListQuery } from "~/builds/schema";
import { BuildsScreen, type BuildsData } from "~/builds/ui/builds-screen";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { pageQuery } from "~/edge/page-query.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { getAppConfig } from "~/settings/app-config.server";
import type { Route } from "./+types/builds";

/**
 * /manage/builds (builds.read): builds and their commits, and the git host read-only; publishing needs
 * builds.push. The host is changed on the settings page (settings.edit).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    {
      needs: "builds.read",
      messages: ["manage", "builds", "editor", "validation", "auth", "media"],
      title: "builds.title",
    },
    async ({ user, url }) => {
      const { before } = pageQuery(buildListQuery, url);
      const db = await getDb();
      const [list, host, config] = await Promise.all([
        listBuilds(db, { before: before || undefined }),
        readHostSettings(db),
        getAppConfig(),
      ]);
      const result: BuildsData = {
        ...list,
        nextBefore: list.builds.at(-1)?.id ?? null,
        userId: user.id,
        canPush: user.permissions.includes("builds.push"),
        canWrite: user.permissions.includes("commit.create"),
        host: hostView(host),
        clone: { url: `${siteOrigin(request)}/git/content.git`, access: config.repository.access },
        settingsPath: user.permissions.includes("settings.edit") ? "/manage/settings" : null,
      };
      return { ...result };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageBuilds() {
  const loaded = useLoaderData<typeof loader>();
  return <BuildsScreen data={loaded} />;
}
