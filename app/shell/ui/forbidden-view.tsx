import { useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";

/** The permission-denied text and the advice to contact the administrator. */
export function ForbiddenView() {
  const t = useT();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center" data-testid="forbidden">
      <Icon name="shield-x" className="size-14 text-destructive" />
      <h1 className="text-2xl font-bold">{t("common.forbidden.title")}</h1>
      <p className="text-lg" data-testid="forbidden-text">
        {t("common.forbidden.text")}
      </p>
      <p className="text-muted-foreground">{t("common.forbidden.advice")}</p>
    </section>
  );
}
