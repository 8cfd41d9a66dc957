import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";

/** The page shown for a failed request: 404 "Page Not Found", otherwise the error's message or a 500. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  const t = useT();
  const locale = useLocale();
  const advice = status === 404 ? t("common.error.notFoundAdvice") : t("common.error.internalAdvice");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center" data-testid="error-page">
      <p className="text-6xl font-black text-muted-foreground" data-testid="error-status">
        {formatNumber(status, locale, { useGrouping: false })}
      </p>
      <h1 className="text-2xl font-bold" data-testid="error-message">
        {message}
      </h1>
      <p className="text-muted-foreground">{advice}</p>
      <Link
        to={localizePath("/", locale)}
        className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:opacity-90"
      >
        {t("common.error.backHome")}
      </Link>
    </section>
  );
}
