import { redirect } from "react-router";
import { pickMessages } from "~/i18n/catalogs.server";
import { localizePath, parseLocalizedPath } from "~/i18n/locales";
import { redirectTarget } from "~/lib/redirect-target";
import { currentUser } from "./current-user.server";
import { configuredProviders } from "./oauth/providers.server";

/**
 * What the login and register pages (and the dialogs, which fetch the login page's data) need: texts,
 * the configured providers, and where to go afterwards. Someone already signed in goes there at once.
 */
export async function authPageData(request: Request) {
  const url = new URL(request.url);
  const { locale } = parseLocalizedPath(url.pathname);
  const redirectTo = redirectTarget(url.searchParams.get("redirectTo")) ?? localizePath("/", locale);
  if (await currentUser(request).catch(() => null)) throw redirect(redirectTo);
  return {
    messages: pickMessages(locale, ["auth", "validation"]),
    providers: configuredProviders(),
    redirectTo,
  };
}
