import type { ReactNode } from "react";
import { NavLink, useMatches } from "react-router";
import type { Permission } from "~/auth/permissions";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { manageMenu } from "~/manage/nav";
import { Icon } from "~/ui/icon";

/**
 * The dashboard's frame: its menu (beside the page on wide screens, above it on narrow ones) and the page.
 * Every /manage page renders inside it through the layout route.
 */
export function ManageFrame({ permissions, children }: { permissions: readonly Permission[]; children: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const items = manageMenu.filter((item) => permissions.includes(item.permission));
  // A page that needs the width (the editor) says so in its route handle: the menu goes above it.
  const wide = useMatches().some((match) => (match.handle as { wideFrame?: boolean } | undefined)?.wideFrame);
  return (
    <div
      className={cn("grid grid-cols-1 gap-6", !wide && "md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8")}
      data-testid="manage-frame"
    >
      <nav
        aria-label={t("manage.nav.label")}
        className={cn(!wide && "md:sticky md:top-20 md:self-start")}
        data-focus-hide
      >
        {/* On a phone the entries wrap onto a second line rather than scroll: every section stays in sight. */}
        <ul
          className={cn("flex flex-wrap gap-1 border-b pb-2", !wide && "md:grid md:border-0 md:pb-0")}
          data-testid="manage-nav"
        >
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={localizePath(item.path, locale)}
                end={!item.nested}
                className={({ isActive }) =>
                  cn(
                    "flex min-h-10 items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent",
                    isActive ? "bg-accent font-semibold text-foreground" : "text-muted-foreground",
                  )
                }
              >
                <Icon name={item.icon} className="size-4 shrink-0" />
                {t(item.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
