import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { requestSearch } from "~/shell/search-request";
import { Icon } from "~/ui/icon";

/** The page shown for a failed request: 404 "Page Not Found", 410 for a deleted page, otherwise the error's message or a 500, with advice that fits. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const t = useT();
  const locale = useLocale();
  // A page missing or deleted is often one whose subject lives on elsewhere: searching finds it by its title.
  const searchFirst = status === 404 || status === 410;
  // A 503 says in its message that it will pass; other refusals of the request point at the address.
  const advice =
    status === 404
      ? t("common.error.notFoundAdvice")
      : status === 410
        ? t("common.error.goneAdvice")
        : status === 503
          ? undefined
          : status < 500
            ? t("common.error.badRequestAdvice")
            : t("common.error.internalAdvice");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center" data-testid="error-page">
      <p className="text-6xl font-black text-muted-foreground" data-testid="error-status">
        {formatNumber(status, locale, { useGrouping: false })}
      </p>
      <h1 className="text-2xl font-bold" data-testid="error-message">
        {message}
      </h1>
      {advice ? <p className="text-muted-foreground">{advice}</p> : null}
      <div className="flex flex-wrap justify-center gap-2">
        {searchFirst ? (
          <button
            type="button"
            onClick={requestSearch}
            data-testid="error-search"
            className="inline-flex min-h-11 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
          >
            <Icon name="search" className="size-4" />
            {t("common.error.searchInstead")}
          </button>
        ) : null}
        <Link
          to={localizePath("/", locale)}
          data-testid="error-home"
          className={
            searchFirst
              ? "inline-flex min-h-11 items-center rounded-md border px-4 text-sm font-medium hover:bg-accent"
              : "inline-flex min-h-11 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
          }
        >
          {t("common.error.backHome")}
        </Link>
      </div>
    </section>
  );
}
