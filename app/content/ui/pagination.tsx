import { Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { PaginationView } from "../view-types";

const item =
  "inline-flex h-9 min-w-9 items-center justify-center rounded-md border px-3 text-sm transition-colors hover:bg-accent";

/** Page links of a listing; the labels (digits included) come from the server. */
export function Pagination({ view }: { view: PaginationView | null }) {
  const t = useT();
  if (!view) return null;
  return (
    <nav
      aria-label={t("content.pagination.label")}
      className="mt-10 flex flex-wrap items-center gap-2"
      data-testid="pagination"
    >
      {view.previous ? (
        <Link to={view.previous} rel="prev" className={item}>
          {t("content.pagination.previous")}
        </Link>
      ) : null}
      <ol className="flex flex-wrap gap-1">
        {view.pages.map((page) => (
          <li key={page.url}>
            <Link
              to={page.url}
              aria-current={page.current ? "page" : undefined}
              className={`${item} ${page.current ? "border-primary bg-primary text-primary-foreground hover:bg-primary" : ""}`}
            >
              {page.label}
            </Link>
          </li>
        ))}
      </ol>
      {view.next ? (
        <Link to={view.next} rel="next" className={item}>
          {t("content.pagination.next")}
        </Link>
      ) : null}
      <p className="ms-auto text-sm text-muted-foreground">{view.label}</p>
    </nav>
  );
}
