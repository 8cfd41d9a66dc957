import { useT } from "~/i18n/use-t";
import { SubscribeForm } from "~/newsletter/ui/subscribe-form";
import { useRootData } from "~/shell/root-data";

export function SiteFooter() {
  const t = useT();
  const root = useRootData();
  return (
    <footer className="mt-16 border-t" data-focus-hide>
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <SubscribeForm className="max-w-md" />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:justify-between">
        <p data-testid="footer-text">{root?.site.footer}</p>
        <p>
          © <span data-testid="footer-year">{root?.year}</span> {root?.site.name}. {t("common.footer.rights")}
        </p>
      </div>
    </footer>
  );
}
