import { NavLink } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";

/** The views of the Items section: every item, the categories, the media, the redirects and moving a site in. */
export function ItemsTabs() {
  const t = useT();
  const locale = useLocale();
  const tabs = [
    { path: "/manage/items", label: t("items.tabs.items"), testId: "tab-items" },
    { path: "/manage/items/category", label: t("items.tabs.categories"), testId: "tab-categories" },
    { path: "/manage/items/media", label: t("items.tabs.media"), testId: "tab-media" },
    { path: "/manage/items/redirects", label: t("items.tabs.redirects"), testId: "tab-redirects" },
    { path: "/manage/items/import", label: t("items.tabs.import"), testId: "tab-import" },
  ];
  return (
    <nav aria-label={t("items.tabs.label")} className="flex flex-wrap gap-1 border-b">
      {tabs.map((tab) => (
        <NavLink
          key={tab.path}
          to={localizePath(tab.path, locale)}
          end
          data-testid={tab.testId}
          className={({ isActive }) =>
            cn(
              "-mb-px inline-flex min-h-10 items-center border-b-2 px-3 py-2 text-sm",
              isActive
                ? "border-primary font-semibold"
                : "border-transparent text-muted-foreground hover:text-foreground",
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
