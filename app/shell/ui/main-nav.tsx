import { useEffect, useId, useRef, useState } from "react";
import { NavLink } from "react-router";
import { locales } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import type { MenuLink } from "~/shell/nav-items";
import { useRootData } from "~/shell/root-data";

// The current page's link is styled through the "active" class NavLink gives it, the drawer's larger links
// through the list's data-vertical: no class names are joined here, so the first load carries no merging code.
const linkClass =
  "flex min-h-9 items-center rounded-md px-3 text-sm whitespace-nowrap text-muted-foreground transition-colors hover:bg-accent hover:text-foreground [&.active]:font-semibold [&.active]:text-foreground group-data-vertical:min-h-11 group-data-vertical:text-base";

/**
 * The main menu as a list of links: the owner's menu (the settings). In the header the categories sit after its
 * second item from extra-wide screens up (narrower ones reach them through the drawer); the drawer lists them under their own heading.
 * The owner names and adds categories, so they may not all fit: those that do not wrap onto a hidden second
 * line and are listed in a "more" menu after the ones shown; the main items are never hidden.
 */
export function MainNav({
  vertical = false,
  withCategories = false,
  onNavigate,
}: {
  vertical?: boolean;
  withCategories?: boolean;
  onNavigate?: () => void;
}) {
  const menu = useRootData()?.menu ?? [];
  const rootCategories = useRootData()?.categories;
  const categories = withCategories ? (rootCategories ?? []) : [];
  const categoryList = useRef<HTMLUListElement>(null);
  // How many categories fit on the header's line; the rest go in the "more" menu.
  const [shown, setShown] = useState<number>(Infinity);
  useEffect(() => {
    const list = categoryList.current;
    if (!list) return;
    // A category that did not fit sits on the list's second, clipped line: lower than the first one.
    const check = () => {
      const items = [...list.children] as HTMLElement[];
      const first = items.findIndex((item) => item.offsetTop > items[0]!.offsetTop);
      setShown(first < 0 ? Infinity : first);
    };
    const observer = new ResizeObserver(check);
    observer.observe(list);
    check();
    return () => observer.disconnect();
  }, [rootCategories, withCategories]);
  const link = (to: string, label: string) => (
    <NavLink to={to} onClick={onNavigate} className={linkClass}>
      {label}
    </NavLink>
  );
  const item = (entry: MenuLink, index: number) => (
    <li key={`${index}:${entry.url}`} data-testid="nav-item">
      {entry.external ? (
        <a href={entry.url} rel="noopener" className={linkClass} dir="auto">
          {entry.label}
        </a>
      ) : (
        // A home page's link is current on the home page only, not on every page under it.
        <NavLink to={entry.url} end={isHome(entry.url)} onClick={onNavigate} className={linkClass}>
          {entry.label}
        </NavLink>
      )}
    </li>
  );
  return (
    <ul data-vertical={vertical || undefined} className="group flex min-w-0 items-center gap-1 data-vertical:grid">
      {menu.slice(0, 2).map(item)}
      {categories.length ? (
        <li className="hidden min-w-0 flex-1 xl:block">
          <div className="flex min-w-0 items-center gap-1">
            <ul ref={categoryList} className="flex h-9 min-w-0 flex-1 flex-wrap items-center gap-1 overflow-hidden">
              {categories.map((category, index) => (
                <li key={category.url} data-testid="nav-category" aria-hidden={index >= shown || undefined}>
                  {link(category.url, category.label)}
                </li>
              ))}
            </ul>
            {/* Always there, hidden while everything fits: the line is measured again as fonts and the account's
                menu arrive, and a button made anew would drop the focus of someone using it. */}
            <MoreCategories
              categories={categories.slice(shown)}
              hidden={shown >= categories.length}
              linkClass={linkClass}
            />
          </div>
        </li>
      ) : null}
      {menu.slice(2).map((entry, index) => item(entry, index + 2))}
    </ul>
  );
}

/** Whether a menu address is a language's home page ("/", "/en"). */
function isHome(url: string): boolean {
  return url === "/" || locales.some((locale) => url === `/${locale}`);
}

/** The categories as a vertical list of links (the phone drawer). */
export function CategoryNav({ onNavigate }: { onNavigate?: () => void }) {
  const categories = useRootData()?.categories ?? [];
  return (
    <ul data-vertical className="group grid gap-1" data-testid="drawer-categories">
      {categories.map((category) => (
        <li key={category.url}>
          <NavLink to={category.url} onClick={onNavigate} className={linkClass}>
            {category.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** The categories that did not fit on the header's line, behind a "more" button. */
function MoreCategories({
  categories,
  hidden,
  linkClass,
}: {
  categories: { url: string; label: string }[];
  hidden: boolean;
  linkClass: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !box.current?.contains(event.target as Node)) {
        setOpen(false);
        if (event instanceof KeyboardEvent) box.current?.querySelector("button")?.focus();
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [open]);
  return (
    <div ref={box} className="relative shrink-0" hidden={hidden}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
        className={linkClass}
        data-testid="nav-more"
      >
        {t("common.nav.more")}
        <span aria-hidden className="ms-1 text-xs">
          ▾
        </span>
      </button>
      {open && !hidden ? (
        <ul
          id={id}
          className="absolute end-0 top-full z-50 mt-1 grid min-w-40 gap-1 rounded-md border bg-background p-1 shadow-md"
          data-testid="nav-more-list"
        >
          {categories.map((category) => (
            <li key={category.url}>
              <NavLink to={category.url} onClick={() => setOpen(false)} className={linkClass}>
                {category.label}
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
