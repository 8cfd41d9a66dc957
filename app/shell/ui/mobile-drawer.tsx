import { useSyncExternalStore, type ReactNode } from "react";
import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { useRootData } from "~/shell/root-data";
import { requestSearch } from "~/shell/search-request";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Icon } from "~/ui/icon";
import { isDark, setColorMode } from "~/ui/theme";
import { LanguageSwitch } from "./language-switch";
import { CategoryNav, MainNav } from "./main-nav";

/** Calls `listener` when the page's colour mode changes; returns the unsubscribe function. */
function onColorModeChange(listener: () => void): () => void {
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}

const rowClass =
  "flex min-h-11 w-full items-center gap-3 rounded-md border px-3 text-base text-muted-foreground hover:bg-accent hover:text-foreground";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-1">
      <h2 className="px-3 text-xs font-semibold text-muted-foreground">{title}</h2>
      {children}
    </section>
  );
}

/**
 * Everything the header holds, for narrow screens, in a side sheet from the reading start side: the menu, the
 * categories, search, the language and colour mode, and signing in.
 */
export default function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const root = useRootData();
  const close = () => onOpenChange(false);
  // The mode can change elsewhere too (the account menu, the system's setting): read it from the page.
  const dark = useSyncExternalStore(onColorModeChange, isDark, () => false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        side="start"
        closeLabel={t("common.nav.closeMenu")}
        data-testid="mobile-drawer"
        className="overflow-y-auto"
      >
        <DialogHeader>
          <DialogTitle>{root?.site.name}</DialogTitle>
          <DialogDescription className="sr-only">{t("common.nav.main")}</DialogDescription>
        </DialogHeader>
        <button
          type="button"
          className={rowClass}
          data-testid="drawer-search"
          onClick={() => {
            close();
            requestSearch();
          }}
        >
          <Icon name="search" className="size-5" />
          {t("common.nav.searchSite")}
        </button>
        <nav aria-label={t("common.nav.main")}>
          <MainNav vertical onNavigate={close} />
        </nav>
        {root?.categories.length ? (
          <nav aria-label={t("common.nav.categories")}>
            <Section title={t("common.nav.categories")}>
              <CategoryNav onNavigate={close} />
            </Section>
          </nav>
        ) : null}
        <Section title={t("common.nav.preferences")}>
          <div className="grid gap-2">
            <LanguageSwitch large />
            <button
              type="button"
              className={rowClass}
              aria-pressed={dark}
              data-testid="drawer-theme"
              onClick={() => {
                setColorMode(dark ? "light" : "dark");
              }}
            >
              <Icon name={dark ? "sun" : "moon"} className="size-5" />
              {t("common.account.darkMode")}
            </button>
          </div>
        </Section>
        <div className="mt-auto grid gap-2 border-t pt-4" data-testid="drawer-account">
          {root?.user ? (
            <Link to={localizePath("/profile", locale)} onClick={close} className={rowClass}>
              <Icon name="user-round" className="size-5" />
              <bdi>{root.user.displayName || root.user.userName}</bdi>
            </Link>
          ) : (
            <>
              <Link
                to={localizePath("/login", locale)}
                onClick={close}
                className="flex min-h-11 items-center justify-center rounded-md bg-primary px-4 font-medium text-primary-foreground hover:opacity-90"
              >
                {t("common.account.login")}
              </Link>
              <Link to={localizePath("/register", locale)} onClick={close} className={rowClass + " justify-center"}>
                {t("common.account.register")}
              </Link>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
