import { NavLink } from "react-router";
import { localizePath, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { mainMenu } from "~/shell/nav-items";

/** The main menu as a list of links; the drawer and the header both use it. */
export function MainNav({ vertical = false, onNavigate }: { vertical?: boolean; onNavigate?: () => void }) {
  const t = useT();
  const locale: Locale = useLocale();
  return (
    <ul className={vertical ? "grid gap-1" : "flex items-center gap-1"}>
      {mainMenu.map((item) => (
        <li key={item.path}>
          <NavLink
            to={localizePath(item.path, locale)}
            end={item.path === "/"}
            onClick={onNavigate}
            className={({ isActive }) =>
              `block rounded-md px-3 py-1.5 text-sm transition-colors hover:bg-accent hover:text-foreground ${
                isActive ? "font-semibold text-foreground" : "text-muted-foreground"
              } ${vertical ? "py-2.5 text-base" : ""}`
            }
          >
            {t(item.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
