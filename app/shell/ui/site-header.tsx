import type { ReactNode } from "react";
import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { LanguageSwitch } from "./language-switch";
import { MainNav } from "./main-nav";
import { MobileMenu } from "./mobile-menu";
import { useRootData } from "~/shell/root-data";
import { ThemeToggle } from "./theme-toggle";

export interface HeaderSlots {
  /** The search box (content domain). */
  search?: ReactNode;
  /** The admin button, shown to users who may open the dashboard (accounts domain). */
  admin?: ReactNode;
  /** The avatar menu (accounts domain). */
  avatar?: ReactNode;
}

export function SiteHeader({ search, admin, avatar }: HeaderSlots) {
  const t = useT();
  const locale = useLocale();
  const site = useRootData()?.site;
  return (
    <header
      data-testid="site-header"
      data-focus-hide
      className="group/header sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70"
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <MobileMenu />
        <Link
          to={localizePath("/", locale)}
          className="flex min-h-11 min-w-0 shrink items-center gap-2 font-bold md:min-h-9"
          data-testid="site-name"
        >
          <span
            aria-hidden
            className="inline-flex size-7 items-center justify-center rounded-md bg-primary text-sm text-primary-foreground"
          >
            {site?.name.slice(0, 1)}
          </span>
          {/* The owner names the site: a long name is cut rather than push the header past the screen. */}
          <span className="truncate text-lg whitespace-nowrap">{site?.name}</span>
        </Link>
        <nav aria-label={t("common.nav.main")} className="ms-4 hidden min-w-0 flex-1 lg:block">
          <MainNav withCategories />
        </nav>
        <div className="ms-auto flex shrink-0 items-center gap-1">
          {search}
          {/* On phones these two live in the drawer, leaving room for 44 px controls. */}
          <div className="hidden items-center gap-1 md:flex">
            <ThemeToggle />
            <LanguageSwitch />
          </div>
          {admin}
          {avatar}
        </div>
      </div>
    </header>
  );
}
