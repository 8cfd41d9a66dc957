import { Link } from "react-router";
import type { ScheduledPage } from "~/content/schedule.server";
import { editorPathOf } from "~/content/editor-link";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Card } from "~/ui/card";
import { Moment } from "~/ui/moment";

/** What is coming: the scheduled pages, soonest first, each with its time in the reader's calendar. */
export function ComingUp({ pages, canEdit }: { pages: ScheduledPage[]; canEdit: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Card title={t("manage.comingUp.title")} testId="coming-up">
      {pages.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("manage.comingUp.none")}</p>
      ) : (
        <ul className="grid gap-2">
          {pages.map((page) => (
            <li
              key={`${page.locale}:${page.path}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm"
              data-testid="coming-up-item"
            >
              {canEdit ? (
                <Link
                  to={localizePath(editorPathOf(page.locale, page.path), locale)}
                  className="font-medium hover:underline"
                >
                  <bdi>{page.title}</bdi>
                </Link>
              ) : (
                <bdi className="font-medium">{page.title}</bdi>
              )}
              <span className="text-muted-foreground">
                <Moment iso={new Date(page.publishAt).toISOString()} locale={locale} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
