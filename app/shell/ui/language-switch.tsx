import { Link, useLocation } from "react-router";
import { serializeCookie } from "~/lib/cookies";
import { localeCookieMaxAge, localeCookieName, localizePath, otherLocale, parseLocalizedPath } from "~/i18n/locales";
import { usePageAddress, usePageLocales } from "~/i18n/page-locales";
import { useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { Tooltip } from "~/ui/tooltip";

/**
 * Links to the same page in the other language (its linked translation, wherever it is; or to that language's home page when the page is not written
 * in it) and remembers the choice for a year.
 */
export function LanguageSwitch({ large = false }: { large?: boolean }) {
  const t = useT();
  const location = useLocation();
  const { locale, path } = parseLocalizedPath(location.pathname);
  const target = otherLocale(locale);
  const exists = usePageLocales().includes(target);
  const addressIn = usePageAddress();
  return (
    <Tooltip content={t("common.language.switchToLabel")}>
      <Link
        to={exists ? localizePath(addressIn(target, path), target) + location.search : localizePath("/", target)}
        hrefLang={target}
        lang={target}
        data-testid="language-switch"
        data-large={large || undefined}
        aria-label={t("common.language.switchToLabel")}
        onClick={() => {
          document.cookie = serializeCookie(localeCookieName, target, {
            maxAge: localeCookieMaxAge,
            secure: window.location.protocol === "https:",
          });
        }}
        className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-sm text-muted-foreground hover:bg-accent hover:text-foreground data-large:h-11 data-large:border data-large:px-3"
      >
        <Icon name="languages" className="size-4" />
        <span>{t("common.language.switchTo")}</span>
      </Link>
    </Tooltip>
  );
}
