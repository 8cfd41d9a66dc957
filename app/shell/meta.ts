import { isRouteErrorResponse } from "react-router";
import { formatNumber } from "~/i18n/format";
import type { Locale } from "~/i18n/locales";
import type { TFunction } from "~/i18n/translate";

export interface ErrorInfo {
  status: number;
  message: string;
  /** Why a 403 refused ("second-factor-required"), when the page said. */
  reason?: string;
}

/** 404 is "Page Not Found", 410 "This Page Was Removed"; other errors show their own message when they carry one, else a 500. */
export function describeError(error: unknown, t: TFunction): ErrorInfo {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, message: t("common.error.notFound") };
    if (error.status === 410) return { status: 410, message: t("common.error.gone") };
    if (error.status === 403) {
      const reason = (error.data as { reason?: unknown } | null)?.reason;
      return reason === "second-factor-required"
        ? { status: 403, message: t("common.secondFactorRequired.title"), reason }
        : { status: 403, message: t("common.forbidden.title") };
    }
    const own = (error.data as { message?: unknown } | null)?.message;
    return { status: error.status || 500, message: typeof own === "string" && own ? own : t("common.error.internal") };
  }
  return { status: 500, message: t("common.error.internal") };
}

/** The title of an error page is "{statusCode} - {message}". */
export function errorTitle(info: ErrorInfo, locale: Locale): string {
  return `${formatNumber(info.status, locale, { useGrouping: false })} - ${info.message}`;
}
