import { formatNumber } from "~/i18n/format";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { RelativeTime } from "~/ui/relative-time";
import { useApiAction } from "~/ui/use-api";
import type { SendSummary } from "../sends.server";
import type { SubscriberOverview } from "../subscribers.server";

/** The newsletter on the dashboard: subscribers (count, growth, the latest, CSV, remove) and the sends. */
export function NewsletterDashboard({ overview, sends }: { overview: SubscriberOverview; sends: SendSummary[] }) {
  const t = useT();
  const locale = useLocale();
  const remove = useApiAction();
  const n = (value: number) => formatNumber(value, locale);
  const peak = Math.max(1, ...overview.growth.map((day) => day.count));
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-newsletter">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("mail.newsletter.title")}</h1>
        <p className="text-muted-foreground">{t("mail.newsletter.manageDescription")}</p>
      </header>
      <Card title={t("mail.newsletter.subscribers")} testId="newsletter-subscribers">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <p className="text-4xl font-black" data-testid="newsletter-total">
            {n(overview.total)}
          </p>
          <a href="/api/newsletter/subscribers" download className="text-sm underline" data-testid="newsletter-csv">
            {t("mail.newsletter.csv")}
          </a>
        </div>
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{t("mail.newsletter.growth")}</h3>
          {overview.growth.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("mail.newsletter.noGrowth")}</p>
          ) : (
            <ol className="flex h-24 items-end gap-1" data-testid="newsletter-growth">
              {overview.growth.map((day) => (
                <li
                  key={day.day}
                  title={`${day.day}: ${n(day.count)}`}
                  className="min-w-2 flex-1 rounded-t bg-primary/70"
                  style={{ height: `${Math.max(4, (day.count / peak) * 100)}%` }}
                />
              ))}
            </ol>
          )}
        </div>
        <ul className="grid gap-2">
          {overview.latest.map((subscriber) => (
            <li
              key={subscriber.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-2 text-sm"
              data-testid="newsletter-subscriber"
            >
              <span dir="ltr" className="min-w-0 truncate font-medium">
                {subscriber.email}
              </span>
              <span className="text-xs text-muted-foreground">
                {t(`mail.newsletter.languages.${subscriber.languages}`)} ·{" "}
                <RelativeTime iso={subscriber.confirmedAt} locale={locale} />
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={remove.pending}
                onClick={() =>
                  void remove.run("/api/newsletter/subscribers", { method: "DELETE", body: { id: subscriber.id } })
                }
                data-testid="newsletter-remove"
              >
                {t("mail.newsletter.remove")}
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t("mail.newsletter.sends")} testId="newsletter-sends">
        {sends.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("mail.newsletter.noSends")}</p>
        ) : (
          <ul className="grid gap-2">
            {sends.map((send) => (
              <li key={send.id} className="grid gap-1 rounded-lg border p-3 text-sm" data-testid="newsletter-send">
                <div className="flex flex-wrap gap-x-3">
                  {send.posts.map((post) => (
                    <a
                      key={`${post.locale}${post.path}`}
                      href={localizePath(post.path, post.locale)}
                      className="underline"
                    >
                      <bdi>{post.title}</bdi>
                    </a>
                  ))}
                </div>
                <span className="text-xs text-muted-foreground">
                  <RelativeTime iso={send.createdAt} locale={locale} /> ·{" "}
                  {t("mail.newsletter.counts", {
                    recipients: n(send.recipients),
                    delivered: n(send.delivered),
                    failed: n(send.failed),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
