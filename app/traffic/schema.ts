import * as z from "zod";
import { asciiDigits } from "~/i18n/format";
import { msg } from "~/lib/validation";
import { dayOf, dayOfIsoDate } from "./days";
import { MAX_ROUTE_PATH, publicPagePath } from "./public-page-path";

/** The longest range a report covers, and the one it covers when none is given. */
export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

/** A day as YYYY-MM-DD (Persian and Arabic-Indic digits accepted), read as its day number. */
const dateField = z
  .string(msg("traffic.invalidDate"))
  .transform((value, ctx) => {
    const day = dayOfIsoDate(asciiDigits(value).trim());
    if (day !== undefined) return day;
    ctx.addIssue({ code: "custom", message: msg("traffic.invalidDate").error });
    return z.NEVER;
  })
  .optional();

/**
 * A range of days from `startDate` and `endDate`, both optional: without either, the last 30 days up to today
 * (UTC); with one, 30 days from or up to it. The start may not be after the end, nor the range longer than
 * `MAX_RANGE_DAYS`.
 */
const rangeFields = { startDate: dateField, endDate: dateField };

function toRange({ startDate, endDate }: { startDate?: number; endDate?: number }, ctx: z.RefinementCtx) {
  const to = endDate ?? (startDate === undefined ? dayOf(Date.now()) : startDate + DEFAULT_RANGE_DAYS - 1);
  const from = startDate ?? to - DEFAULT_RANGE_DAYS + 1;
  if (from > to) {
    ctx.addIssue({ code: "custom", path: ["startDate"], message: msg("traffic.startAfterEnd").error });
    return z.NEVER;
  }
  if (to - from + 1 > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: msg("traffic.rangeTooLong", MAX_RANGE_DAYS).error });
    return z.NEVER;
  }
  return { from, to };
}

/** A public page's address, read as its canonical form ("/fa/notes/x" is "/notes/x"). */
export const pageRouteField = z
  .string(msg("validation.invalid"))
  .trim()
  .min(1, msg("validation.required"))
  .max(MAX_ROUTE_PATH, msg("validation.tooLong", MAX_ROUTE_PATH))
  .transform((value, ctx) => {
    const page = value.startsWith("/") ? publicPagePath(value.split(/[?#]/)[0]!) : null;
    if (page) return page.routePath;
    ctx.addIssue({ code: "custom", message: msg("traffic.notAPage").error });
    return z.NEVER;
  });

/** GET /api/analysis/traffic?startDate=&endDate= */
export const trafficQuery = z.object(rangeFields).transform(toRange);

/** GET /api/analysis/route?pageRoute=&startDate=&endDate= */
export const routeQuery = z
  .object({ pageRoute: pageRouteField, ...rangeFields })
  .transform(({ pageRoute, ...dates }, ctx) => {
    const range = toRange(dates, ctx);
    return range === z.NEVER ? z.NEVER : { pageRoute, ...range };
  });

/** The dashboard's periods, in days. */
export const dashboardRanges = ["7", "30", "90"] as const;

/** /manage?range=&pageRoute=: the overview's period and, optionally, the one page its chart shows. */
export const dashboardQuery = z.object({
  range: z.enum(dashboardRanges, msg("traffic.invalidRange")).default("30"),
  pageRoute: pageRouteField.optional(),
});

/** POST /api/traffic/view: a page shown by a navigation inside the site (the first page is counted by the server). */
export const pageViewReport = z.object({ path: pageRouteField });
