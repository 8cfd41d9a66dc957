import { NavLink } from "react-router";
import { localizePath, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { mainMenu } from "~/shell/nav-items";

// The current page's link is styled through the "active" class NavLink gives it, the drawer's larger links
// through the list's data-vertical: no class names are joined here, so the first load carries no merging code.
const linkClass =
  "block rounded-md px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground [&.active]:font-semibold [&.active]:text-foreground group-data-vertical:py-2.5 group-data-vertical:text-base";

/** The main menu as a list of links; the drawer and the header both use it. */
export function MainNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const t = useT();
  const locale: Locale = useLocale();
  return (
    <ul data-vertical={vertical || undefined} className="group flex items-center gap-1 data-vertical:grid">
      {mainMenu.map((item) => (
        <li key={item.path}>
          <NavLink
            to={localizePath(item.path, locale)}
            end={item.path === "/"}
            onClick={onNavigate}
            className={linkClass}
          >
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
