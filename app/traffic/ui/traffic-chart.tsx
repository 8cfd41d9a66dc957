/**
 * Page views (an area) and unique visitors (a dashed line) per day, drawn with Recharts. Loaded on use, on the
 * dashboard only. In Persian the time axis runs from right to left with Jalali dates and Persian digits, and the
 * numbers' axis stands on the right, where reading starts. Colours come from CSS variables, so dark mode works.
 * The chart itself is hidden from screen readers: the page gives its summary and a table of the same numbers.
 */
import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate, formatNumber } from "~/i18n/format";
import { dirOf } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import type { DayCount } from "../analysis.server";

const axisTick = { fill: "var(--color-muted-foreground)", fontSize: 12 };

export default function TrafficChart({ days }: { days: DayCount[] }) {
  const t = useT();
  const locale = useLocale();
  const rtl = dirOf(locale) === "rtl";
  const short = (date: string) => formatDate(date, locale, { month: "short", day: "numeric" });
  return (
    <div className="h-64 w-full" aria-hidden data-testid="traffic-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={days} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="date"
            reversed={rtl}
            tickFormatter={short}
            tick={axisTick}
            tickLine={false}
            axisLine={{ stroke: "var(--color-border)" }}
            minTickGap={28}
            tickMargin={8}
          />
          <YAxis
            orientation={rtl ? "right" : "left"}
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value, locale, { notation: "compact" })}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={44}
          />
          <Tooltip
            cursor={{ stroke: "var(--color-ring)", strokeWidth: 1 }}
            contentStyle={{
              background: "var(--color-card)",
              border: "1px solid var(--color-border)",
              borderRadius: 8,
              color: "var(--color-foreground)",
              direction: rtl ? "rtl" : "ltr",
              textAlign: "start",
            }}
            labelFormatter={(date) =>
              formatDate(String(date), locale, { weekday: "long", month: "long", day: "numeric" })
            }
            formatter={(value, name) => [
              formatNumber(Number(value), locale),
              name === "views" ? t("traffic.traffic.views") : t("traffic.traffic.visitors"),
            ]}
          />
          <Area
            dataKey="views"
            type="monotone"
            stroke="var(--chart-views)"
            strokeWidth={2}
            fill="var(--chart-views)"
            fillOpacity={0.12}
            isAnimationActive={false}
            activeDot={{ r: 4 }}
          />
          <Line
            dataKey="visitors"
            type="monotone"
            stroke="var(--chart-visitors)"
            strokeWidth={2}
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
            activeDot={{ r: 4 }}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
