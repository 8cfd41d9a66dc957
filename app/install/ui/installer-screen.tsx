import { useLocation } from "react-router";
import { useT } from "~/i18n/use-t";
import { LanguageSwitch } from "~/shell/ui/language-switch";
import { useRootData } from "~/shell/root-data";
import { ThemeToggle } from "~/shell/ui/theme-toggle";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { LoadingBar } from "~/ui/loading-bar";
import { Toaster } from "~/ui/toast/toaster";
import { InstallWizard } from "./wizard";

/** What every page shows while the site is not installed: the token panel, then the installer. */
export default function InstallerScreen({ setup }: { setup: { authorized: boolean; invalid: boolean } }) {
  const t = useT();
  const root = useRootData();
  return (
    <>
      <LoadingBar />
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-4xl items-center gap-2 px-4">
          <span
            aria-hidden
            className="inline-flex size-7 items-center justify-center rounded-md bg-primary text-sm text-primary-foreground"
          >
            {root?.site.name.slice(0, 1)}
          </span>
          <span className="text-lg font-bold">{root?.site.name}</span>
          <div className="ms-auto flex items-center gap-1">
            <ThemeToggle />
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <main id="content" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8" data-testid="installer">
        <h1 className="text-3xl font-black tracking-tight">{t("install.title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("install.intro")}</p>
        <div className="mt-8">{setup.authorized ? <InstallWizard /> : <TokenPanel invalid={setup.invalid} />}</div>
      </main>
      <Toaster flash={root?.flash ?? null} />
    </>
  );
}

/** Asks for the setup token; a plain GET form, so it works before scripts load. */
function TokenPanel({ invalid }: { invalid: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <section className="max-w-xl rounded-lg border p-6" data-testid="setup-token-panel">
      <div className="flex items-start gap-3">
        <Icon name="key-round" className="mt-1 size-6 shrink-0 text-warning" />
        <div className="grid gap-2">
          <h2 className="text-lg font-semibold">{t("install.token.title")}</h2>
          <p className="text-sm text-muted-foreground">{t("install.token.description")}</p>
        </div>
      </div>
      <form method="get" action={pathname} className="mt-5 grid gap-4">
        <Field label={t("install.token.label")} error={invalid ? t("install.token.invalid") : undefined}>
          <Input name="setup" autoComplete="off" spellCheck={false} dir="ltr" required />
        </Field>
        <Button type="submit" className="justify-self-start">
          {t("install.token.submit")}
        </Button>
      </form>
    </section>
  );
}
