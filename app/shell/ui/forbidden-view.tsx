import { Link, useLocation } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { useSessionUser } from "~/auth/session-user";
import { Icon } from "~/ui/icon";

const primary =
  "inline-flex min-h-11 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90";
const secondary = "inline-flex min-h-11 items-center rounded-md border px-4 text-sm font-medium hover:bg-accent";

/**
 * The permission-denied text and the advice to contact the administrator, with the ways on: signing in (for a
 * visitor who is not, coming back here afterwards) and the home page.
 */
export function ForbiddenView() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const signedIn = Boolean(useSessionUser());
  // Back to the page that was refused, unless this is the /403 page itself.
  const back = /\/403$/.test(location.pathname) ? null : location.pathname + location.search;
  const login = localizePath("/login", locale) + (back ? `?redirectTo=${encodeURIComponent(back)}` : "");
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center" data-testid="forbidden">
      <Icon name="shield-x" className="size-14 text-destructive" />
      <h1 className="text-2xl font-bold">{t("common.forbidden.title")}</h1>
      <p className="text-lg" data-testid="forbidden-text">
        {t("common.forbidden.text")}
      </p>
      <p className="text-muted-foreground">{t("common.forbidden.advice")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {signedIn ? null : (
          <Link to={login} className={primary} data-testid="forbidden-login">
            {t("common.forbidden.signIn")}
          </Link>
        )}
        <Link to={localizePath("/", locale)} className={signedIn ? primary : secondary} data-testid="forbidden-home">
          {t("common.error.backHome")}
        </Link>
      </div>
    </section>
  );
}
