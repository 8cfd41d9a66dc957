import { data, useLoaderData } from "react-router";
import { requirePagePermission } from "~/auth/current-user.server";
import { listBuilds } from "~/builds/builds.server";
import { hostView, readHostSettings } from "~/builds/host-settings.server";
import { buildListQuery } from "~/builds/schema";
import { BuildsScreen, type BuildsData } from "~/builds/ui/builds-screen";
import { getDb } from "~/db/client.server";
import { pickMessages } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { mergeHeaders } from "~/lib/headers";
import { pageQuery } from "~/edge/page-query.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { getAppConfig } from "~/settings/app-config.server";
import { documentTitle } from "~/settings/app-config";
import { rootSite, rootT } from "~/shell/route-meta";
import type { Route } from "./+types/builds";

/**
 * /manage/builds (builds.read): builds and their commits, and the git host read-only; publishing needs
 * builds.push. The host is changed on the settings page (settings.edit).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePagePermission(request, "builds.read");
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
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
  return data(
    { messages: pickMessages(locale, ["manage", "builds", "editor", "validation", "auth", "media"]), ...result },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) =>
  mergeHeaders(parentHeaders, loaderHeaders);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("builds.title")) },
  { name: "robots", content: "noindex" },
];

export default function ManageBuilds() {
  const loaded = useLoaderData<typeof loader>();
  return <BuildsScreen data={loaded} />;
}
