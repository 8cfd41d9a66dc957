import type { ReactNode } from "react";
import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import type { Ranked } from "../analysis.server";

/**
 * One ranking (top pages, referrers, browsers …) as a table: each row's bar shows its share of the leader's
 * views, growing from the start edge. `label` names a value (a translated device, "Direct" for no referrer).
 */
export function Ranking({
  title,
  rows,
  label = (value) => value,
  testId,
}: {
  title: string;
  rows: Ranked[];
  label?: (value: string) => ReactNode;
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  const most = Math.max(1, ...rows.map((row) => row.views));
  return (
    <section className="grid content-start gap-3 rounded-xl border bg-card p-4 shadow-sm" data-testid={testId}>
      <h3 className="font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("traffic.top.empty")}</p>
      ) : (
        <table className="w-full table-fixed text-sm">
          <thead className="text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="pb-1 text-start font-medium">
                {t("traffic.top.name")}
              </th>
              <th scope="col" className="w-20 pb-1 text-end font-medium">
                {t("traffic.top.visitors")}
              </th>
              <th scope="col" className="w-16 pb-1 text-end font-medium">
                {t("traffic.top.views")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value} data-testid="ranking-row" data-value={row.value}>
                <th scope="row" className="py-0.5 pe-2 text-start font-normal">
                  <div className="relative isolate min-h-7 overflow-hidden rounded-md px-2 py-1">
                    <span
                      aria-hidden
                      className="absolute inset-y-0 start-0 -z-10 rounded-md bg-sky-600/15 dark:bg-sky-400/20"
                      style={{ width: `${(row.views / most) * 100}%` }}
                    />
                    <span className="block truncate">{label(row.value)}</span>
                  </div>
                </th>
                <td className="py-0.5 text-end tabular-nums">{formatNumber(row.visitors, locale)}</td>
                <td className="py-0.5 text-end font-semibold tabular-nums">{formatNumber(row.views, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
