import { useLoaderData } from "react-router";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { useT } from "~/i18n/use-t";
import { pageQuery } from "~/edge/page-query.server";
import { manageMenu } from "~/manage/nav";
import { siteCounts } from "~/manage/site-counts.server";
import { unreadMessages } from "~/nostr/inbox-unread.server";
import { SiteCountCards } from "~/manage/ui/site-count-cards";
import { ComingUp } from "~/manage/ui/coming-up";
import { scheduledPages } from "~/content/schedule.server";
import { getAppConfig } from "~/settings/app-config.server";
import { recentViews, routeReport, trafficReport } from "~/traffic/analysis.server";
import { dayOf } from "~/traffic/days";
import { dashboardQuery } from "~/traffic/schema";
import { TrafficOverview } from "~/traffic/ui/traffic-overview";
import { visitLogSettingsOf } from "~/traffic/visit-log.server";
import type { Route } from "./+types/index";

/**
 * /manage: the dashboard's front page (dashboard.read). The site's numbers, then its traffic for the last 7, 30
 * or 90 days (`?range=`), for every page or the one chosen (`?pageRoute=`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "traffic"], title: "manage.dashboard.title" },
    async ({ user, url }) => {
      const query = pageQuery(dashboardQuery, url);
      const to = dayOf(Date.now());
      const range = { from: to - Number(query.range) + 1, to };
      const db = await getDb();
      const [counts, unread, traffic, page, recent, config, coming] = await Promise.all([
        siteCounts(db, { withUnpublished: user.permissions.includes("builds.read") }),
        unreadMessages(db, user.id),
        trafficReport(db, range),
        query.pageRoute ? routeReport(db, query.pageRoute, range) : null,
        recentViews(db),
        getAppConfig(),
        // What is coming is unpublished work: shown to those who may see builds, as the unpublished counts are.
        user.permissions.includes("builds.read") ? scheduledPages(db) : null,
      ]);
      const settings = manageMenu.find((item) => item.path === "/manage/settings");
      return {
        name: user.displayName,
        permissions: user.permissions,
        counts: { ...counts, unreadMessages: unread },
        coming,
        range: query.range,
        traffic,
        page,
        recent,
        logging: visitLogSettingsOf(config).enabled,
        settingsPath: settings && user.permissions.includes(settings.permission) ? settings.path : null,
      };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function Dashboard() {
  const t = useT();
  const { name, permissions, counts, coming, range, traffic, page, recent, logging, settingsPath } =
    useLoaderData<typeof loader>();
  return (
    <div className="grid grid-cols-1 gap-8" data-testid="dashboard">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("manage.dashboard.title")}</h1>
        {/* The name is isolated (FSI … PDI): a Latin name must not turn a Persian sentence around. */}
        <p className="font-medium">{t("manage.dashboard.welcome", { name: `\u2068${name}\u2069` })}</p>
        <p className="text-muted-foreground">{t("traffic.intro")}</p>
      </header>
      <SiteCountCards counts={counts} permissions={permissions} />
      {coming ? <ComingUp pages={coming} canEdit={permissions.includes("commit.create")} /> : null}
      <TrafficOverview
        range={range}
        traffic={traffic}
        page={page}
        recent={recent}
        logging={logging}
        settingsPath={settingsPath}
      />
    </div>
  );
}
