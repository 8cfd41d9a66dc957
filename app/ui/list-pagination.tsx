import { Link, useLocation } from "react-router";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { buttonClass } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Icon } from "~/ui/icon";

/**
 * Previous and next page of a dashboard list, as links that keep the address's other query parameters (its
 * search, filters and order). Nothing when everything fits on one page.
 */
export function ListPagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const pageLink = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n > 1) params.set("page", String(n));
    else params.delete("page");
    return params.size ? `${location.pathname}?${params}` : location.pathname;
  };
  const label = t("manage.page.of", { page: formatNumber(page, locale), pages: formatNumber(pages, locale) });
  return (
    <nav className="flex items-center justify-between gap-2 text-sm" aria-label={label}>
      <Link
        to={pageLink(page - 1)}
        aria-disabled={page <= 1}
        tabIndex={page <= 1 ? -1 : undefined}
        className={cn(buttonClass({ variant: "outline", size: "sm" }), page <= 1 && "pointer-events-none opacity-50")}
        data-testid="page-previous"
      >
        <Icon name="chevron-right" className="ltr:rotate-180" />
        {t("manage.page.previous")}
      </Link>
      <span className="text-muted-foreground">{label}</span>
      <Link
        to={pageLink(page + 1)}
        aria-disabled={page >= pages}
        tabIndex={page >= pages ? -1 : undefined}
        className={cn(
          buttonClass({ variant: "outline", size: "sm" }),
          page >= pages && "pointer-events-none opacity-50",
        )}
        data-testid="page-next"
      >
        {t("manage.page.next")}
        <Icon name="chevron-left" className="ltr:rotate-180" />
      </Link>
    </nav>
  );
}
