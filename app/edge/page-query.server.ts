import { data } from "react-router";
import type * as z from "zod";
import { serverT } from "~/i18n/catalogs.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { validate } from "~/lib/validation";

/**
 * A page's query string, validated by the same shared schema as its API call. A bad value (a page number past
 * the last one any listing has, letters for a number) shows the error page with status 400 and the field's
 * message in the page's language: the address is wrong, and guessing another page would hide that.
 */
export function pageQuery<T>(schema: z.ZodType<T>, url: URL): T {
  const t = serverT(parseLocalizedPath(url.pathname).locale);
  const result = validate(schema, Object.fromEntries(url.searchParams), t);
  if (result.ok) return result.data;
  const [issue] = result.issues;
  const message = issue
    ? t("common.error.badQuery", { name: issue.path, message: issue.message })
    : t("api.invalidInput");
  throw data({ message }, { status: 400 });
}
