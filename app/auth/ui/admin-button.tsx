import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { useSessionUser } from "../session-user";
import { Icon } from "~/ui/icon";
import { Tooltip } from "~/ui/tooltip";

/** The header's way into the dashboard, for those who may read it (the server checks again). */
export function AdminButton() {
  const t = useT();
  const user = useSessionUser();
  const locale = useLocale();
  if (!user?.permissions.includes("dashboard.read")) return null;
  return (
    <Tooltip content={t("common.nav.dashboard")}>
      <Link
        to={localizePath("/manage", locale)}
        data-testid="admin-button"
        aria-label={t("common.nav.dashboard")}
        className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground md:size-9 hover:bg-accent hover:text-foreground"
      >
        <Icon name="layout-dashboard" className="size-5" />
      </Link>
    </Tooltip>
  );
}
