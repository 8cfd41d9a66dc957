import { data } from "react-router";
import { requirePagePermission, requirePageUser, type CurrentUser } from "~/auth/current-user.server";
import type { Permission } from "~/auth/permissions";
import { pickMessages, serverT } from "~/i18n/catalogs.server";
import { parseLocalizedPath, type Locale } from "~/i18n/locales";
import type { MessageKey, Namespace } from "~/i18n/translate";
import { refusePageWithoutSecondFactor } from "./second-factor-requirement.server";

export interface GuardedPageContext {
  user: CurrentUser;
  locale: Locale;
  url: URL;
}

/**
 * The loader of a page behind a sign-in, the page counterpart of `apiRoute`: `needs` ("user" or a permission)
 * is checked against the database on every request (anonymous visitors go to the login page, others without the
 * permission get the 403 page, members the owner's second-factor requirement holds back the page that sends them
 * to set one up), then `load` runs with the user, the page's language and its address. The answer
 * carries the catalog namespaces the page reads, its `title` in the page's language (for `privatePageMeta`,
 * which also keeps it out of search engines) and `Cache-Control: private, no-store`: it shows who is signed in.
 * Export `guardedHeaders` as the route's `headers` so that the header reaches the document.
 */
export async function guardedPage<T extends object>(
  request: Request,
  page: { needs: Permission | "user"; messages: readonly Namespace[]; title?: MessageKey },
  load: (context: GuardedPageContext) => T | Promise<T>,
) {
  const user =
    page.needs === "user" ? await requirePageUser(request) : await requirePagePermission(request, page.needs);
  await refusePageWithoutSecondFactor(user, page.needs);
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const loaded = await load({ user, locale, url });
  return data(
    {
      messages: pickMessages(locale, page.messages),
      title: page.title ? serverT(locale)(page.title) : "",
      ...loaded,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
