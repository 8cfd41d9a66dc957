import { Link, useSearchParams } from "react-router";
import { formatDate, formatNumber } from "~/i18n/format";
import { intlLocale, localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { lazyPart } from "~/ui/lazy-part";
import { useHydrated } from "~/ui/use-hydrated";
import type { DayCount, RecentView, RouteReport, TrafficReport } from "../analysis.server";
import { dashboardRanges } from "../schema";
import { Ranking } from "./ranking";

// Recharts is only downloaded here, after the page has shown its numbers.
const Chart = lazyPart(() => import("./traffic-chart"));

/** Series colours for the chart and its legend, one per colour mode. */
const chartColours =
  "[--chart-views:var(--color-sky-600)] [--chart-visitors:var(--color-amber-600)] dark:[--chart-views:var(--color-sky-400)] dark:[--chart-visitors:var(--color-amber-400)]";

export interface TrafficOverviewProps {
  range: (typeof dashboardRanges)[number];
  traffic: TrafficReport;
  /** The one page the chart shows, when one was chosen. */
  page: RouteReport | null;
  recent: RecentView[];
  logging: boolean;
  /** Where the visit log is turned on, when the reader may go there. */
  settingsPath: string | null;
}

/** The dashboard's traffic: period, totals, the chart with its table, rankings and the latest views. */
export function TrafficOverview({ range, traffic, page, recent, logging, settingsPath }: TrafficOverviewProps) {
  const t = useT();
  const locale = useLocale();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const days = page?.days ?? traffic.days;
  const totals = page?.totals ?? traffic.totals;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    return next.size ? `?${next}` : "?";
  };
  /** Device classes, languages and "Other" in the reader's language; browsers and systems by their own names. */
  const named = (value: string) =>
    value === "desktop" || value === "mobile" || value === "tablet"
      ? t(`traffic.device.${value}`)
      : value === "fa" || value === "en"
        ? t(`traffic.locale.${value}`)
        : value === "Other"
          ? t("traffic.other")
          : value;

  return (
    <section
      aria-labelledby="traffic-heading"
      className={`grid grid-cols-1 gap-4 ${chartColours}`}
      data-testid="traffic"
    >
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="traffic-heading" className="text-2xl font-black tracking-tight">
          {t("traffic.traffic.heading")}
        </h2>
        <nav aria-label={t("traffic.traffic.periods")} className="flex gap-1 rounded-lg border p-1">
          {dashboardRanges.map((days) => (
            <Link
              key={days}
              to={withParams({ range: days === "30" ? null : days })}
              preventScrollReset
              aria-current={days === range ? "page" : undefined}
              data-testid={`range-${days}`}
              className={`rounded-md px-3 py-1.5 text-sm ${
                days === range ? "bg-primary font-semibold text-primary-foreground" : "hover:bg-accent"
              }`}
            >
              {t("traffic.traffic.days", { count: Number(days) })}
            </Link>
          ))}
        </nav>
      </header>

      {!logging ? (
        <p
          className="flex flex-wrap items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          role="status"
        >
          <Icon name="triangle-alert" className="size-4 text-warning" />
          {t("traffic.traffic.disabled")}
          {settingsPath ? (
            <Link to={localizePath(settingsPath, locale)} className="font-semibold underline underline-offset-4">
              {t("traffic.traffic.turnOn")}
            </Link>
          ) : null}
        </p>
      ) : null}

      <div className="grid grid-cols-1 gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <dl className="flex flex-wrap gap-x-8 gap-y-2">
            <Total
              label={t("traffic.traffic.views")}
              value={totals.views}
              previous={page ? undefined : traffic.previous.views}
              days={days.length}
              swatch="views"
              testId="total-views"
            />
            <Total
              label={t("traffic.traffic.visitors")}
              value={totals.visitors}
              previous={page ? undefined : traffic.previous.visitors}
              days={days.length}
              swatch="visitors"
              testId="total-visitors"
            />
          </dl>
          {page ? (
            <Link
              to={withParams({ pageRoute: null })}
              preventScrollReset
              className="inline-flex items-center gap-1 text-sm underline underline-offset-4"
              data-testid="all-pages"
            >
              <Icon name="x" className="size-4" />
              {t("traffic.chart.allPages")}
            </Link>
          ) : null}
        </div>
        <figure className="grid gap-3">
          <figcaption className="grid gap-1">
            <span className="font-semibold" data-testid="chart-title">
              {page
                ? t("traffic.chart.titleOfPage", { page: `\u2068${page.pageRoute}\u2069` })
                : t("traffic.chart.title")}
            </span>
            <span className="text-sm text-muted-foreground" data-testid="chart-summary">
              <ChartSummary days={days} totals={totals} />
            </span>
          </figcaption>
          {hydrated ? (
            <Chart.Part days={days} fallback={<ChartPlaceholder />} onFailed={() => undefined} />
          ) : (
            <ChartPlaceholder />
          )}
          <details className="text-sm">
            <summary className="cursor-pointer py-1 font-medium text-muted-foreground hover:text-foreground">
              {t("traffic.chart.table")}
            </summary>
            <DaysTable days={days} />
          </details>
        </figure>
        {!page && traffic.totals.botViews > 0 ? (
          <p className="text-xs text-muted-foreground" data-testid="bot-views">
            {t("traffic.traffic.bots", { count: formatNumber(traffic.totals.botViews, locale) })}
          </p>
        ) : null}
      </div>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <Ranking
          title={t("traffic.top.pages")}
          rows={traffic.pages}
          testId="top-pages"
          label={(value) => (
            <Link
              to={withParams({ pageRoute: value })}
              preventScrollReset
              dir="ltr"
              className="hover:underline"
              title={t("traffic.top.showPage", { page: value })}
            >
              {value}
            </Link>
          )}
        />
        <Ranking
          title={t("traffic.top.referrers")}
          rows={traffic.referrers}
          testId="top-referrers"
          label={(value) => (value ? <span dir="auto">{value}</span> : t("traffic.top.direct"))}
        />
        <Ranking title={t("traffic.top.browsers")} rows={traffic.browsers} label={named} testId="top-browsers" />
        <Ranking title={t("traffic.top.os")} rows={traffic.os} label={named} testId="top-os" />
        <Ranking title={t("traffic.top.devices")} rows={traffic.devices} label={named} testId="top-devices" />
        <Ranking title={t("traffic.top.locales")} rows={traffic.locales} label={named} testId="top-locales" />
      </div>

      <RecentViews recent={recent} />
      <p className="text-xs text-muted-foreground">{t("traffic.traffic.privacy")}</p>
    </section>
  );
}

function Total({
  label,
  value,
  previous,
  days,
  swatch,
  testId,
}: {
  label: string;
  value: number;
  /** The number of the same length of time before, when there is one to compare with. */
  previous?: number;
  days: number;
  swatch: "views" | "visitors";
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  const change = previous ? (value - previous) / previous : undefined;
  return (
    <div className="grid gap-0.5">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden
          className={`inline-block h-0.5 w-5 ${swatch === "views" ? "bg-(--chart-views)" : "border-t-2 border-dashed border-(--chart-visitors)"}`}
        />
        {label}
      </dt>
      <dd className="text-3xl font-black tabular-nums" data-testid={testId}>
        {formatNumber(value, locale)}
      </dd>
      {change !== undefined ? (
        <dd
          className={`text-xs ${change > 0 ? "text-success" : change < 0 ? "text-destructive" : "text-muted-foreground"}`}
          data-testid={`${testId}-change`}
        >
          {t("traffic.traffic.change", {
            change: formatNumber(change, locale, {
              style: "percent",
              signDisplay: "exceptZero",
              maximumFractionDigits: 0,
            }),
            count: days,
          })}
        </dd>
      ) : null}
    </div>
  );
}

function ChartSummary({ days, totals }: { days: DayCount[]; totals: { views: number; visitors: number } }) {
  const t = useT();
  const locale = useLocale();
  const long = (date: string) => formatDate(date, locale);
  const start = long(days[0]!.date);
  const end = long(days.at(-1)!.date);
  if (totals.views === 0) return <>{t("traffic.chart.summaryEmpty", { start, end })}</>;
  const peak = days.reduce((best, day) => (day.views > best.views ? day : best), days[0]!);
  return (
    <>
      {t("traffic.chart.summary", {
        views: formatNumber(totals.views, locale),
        visitors: formatNumber(totals.visitors, locale),
        start,
        end,
        peak: long(peak.date),
      })}
    </>
  );
}

/** The chart's place while its code loads (and on the server): the same height, so nothing moves. */
function ChartPlaceholder() {
  const t = useT();
  return (
    <div className="grid h-64 place-items-center rounded-lg bg-muted/40 text-sm text-muted-foreground">
      <span className="sr-only">{t("traffic.chart.loading")}</span>
    </div>
  );
}

function DaysTable({ days }: { days: DayCount[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    // Scrolls on its own: reachable with the keyboard, named for screen readers.
    <div
      className="mt-2 max-h-80 overflow-y-auto rounded-lg border focus-visible:outline-2 focus-visible:outline-ring"
      tabIndex={0}
      role="region"
      aria-label={t("traffic.chart.table")}
    >
      <table className="w-full text-sm" data-testid="days-table">
        <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-medium">
              {t("traffic.chart.date")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t("traffic.traffic.views")}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-medium">
              {t("traffic.traffic.visitors")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {[...days].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row" className="px-3 py-1.5 text-start font-normal">
                {formatDate(day.date, locale, { weekday: "short", year: "numeric", month: "long", day: "numeric" })}
              </th>
              <td className="px-3 py-1.5 text-end tabular-nums">{formatNumber(day.views, locale)}</td>
              <td className="px-3 py-1.5 text-end tabular-nums">{formatNumber(day.visitors, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecentViews({ recent }: { recent: RecentView[] }) {
  const t = useT();
  const locale = useLocale();
  const time = (at: number) =>
    new Intl.DateTimeFormat(intlLocale(locale), {
      month: "short",
      day: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      // The site's days are UTC days; the time says so.
      timeZone: "UTC",
      timeZoneName: "short",
    }).format(at);
  return (
    <section className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid="recent-views">
      <h3 className="font-bold">{t("traffic.recent.heading")}</h3>
      {recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("traffic.recent.empty")}</p>
      ) : (
        <ul className="divide-y text-sm">
          {recent.map((view, i) => (
            <li key={`${view.at}-${i}`} className="grid gap-0.5 py-2">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium" dir="ltr" title={view.routePath}>
                  {view.routePath}
                </span>
                <time
                  className="shrink-0 text-xs text-muted-foreground tabular-nums"
                  dateTime={new Date(view.at).toISOString()}
                >
                  {time(view.at)}
                </time>
              </div>
              <span className="text-xs text-muted-foreground">
                <bdi>{view.visitorName ?? t("traffic.recent.anonymous")}</bdi>
                {" · "}
                {view.browser === "Other" ? t("traffic.other") : view.browser}
                {" · "}
                {t(`traffic.device.${view.device}`)}
                {view.referrerHost ? (
                  <>
                    {" · "}
                    {t("traffic.recent.from", { source: `\u2068${view.referrerHost}\u2069` })}
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
