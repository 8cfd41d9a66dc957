import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";

/**
 * What a page answers a member the owner's second-factor requirement holds back: why, and the way to the
 * profile's two-step sign-in card, where they set one up.
 */
export function SecondFactorRequiredView() {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center"
      data-testid="second-factor-required"
    >
      <Icon name="shield-plus" className="size-14 text-primary" />
      <h1 className="text-2xl font-bold">{t("common.secondFactorRequired.title")}</h1>
      <p className="text-muted-foreground">{t("common.secondFactorRequired.text")}</p>
      <Link
        to={`${localizePath("/profile", locale)}#second-factor`}
        className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
        data-testid="second-factor-required-setup"
      >
        {t("common.secondFactorRequired.action")}
      </Link>
    </section>
  );
}
