import { Link, useLoaderData } from "react-router";
import { requirePagePermission } from "~/auth/current-user.server";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { manageMenu } from "~/manage/nav";
import { documentTitle } from "~/shell/meta";
import { rootSite, rootT } from "~/shell/route-meta";
import { Icon } from "~/ui/icon";
import type { Route } from "./+types/index";

/** /manage: the dashboard's front page (dashboard.read). Charts and counts are still to come. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePagePermission(request, "dashboard.read");
  return { name: user.displayName, permissions: user.permissions };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: documentTitle(rootSite(matches), rootT(matches)("manage.dashboard.title")) },
  { name: "robots", content: "noindex" },
];

export default function Dashboard() {
  const t = useT();
  const locale = useLocale();
  const { name, permissions } = useLoaderData<typeof loader>();
  // One card per section of the dashboard menu the reader may open.
  const sections = manageMenu.filter((item) => item.path !== "/manage" && permissions.includes(item.permission));
  return (
    <section className="grid gap-6" data-testid="dashboard">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("manage.dashboard.title")}</h1>
        <p className="text-muted-foreground">
          {/* The name is isolated (FSI … PDI): a Latin name must not turn a Persian sentence around. */}
          {t("manage.dashboard.welcome", { name: `\u2068${name}\u2069` })} {t("manage.dashboard.intro")}
        </p>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((item) => (
          <li key={item.path}>
            <Link
              to={localizePath(item.path, locale)}
              className="flex items-center justify-between gap-3 rounded-xl border bg-card p-5 font-semibold shadow-sm transition-colors hover:bg-accent"
            >
              {t(item.label)}
              <Icon name="chevron-left" className="size-5 text-muted-foreground ltr:rotate-180" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
