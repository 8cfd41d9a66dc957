import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { localizePath } from "~/i18n/locales";
import { ExtraMessages, useLocale, useT } from "~/i18n/use-t";
import type { Messages } from "~/i18n/translate";
import { Dialog } from "~/ui/dialog";
import { toast } from "~/ui/toast/store";
import { LoginForm } from "./login-form";
import { OAuthButtons } from "./oauth-buttons";
import { RegisterForm } from "./register-form";
import type { ProviderInfo } from "~/auth/oauth/provider-info";

interface AuthPageData {
  messages: Messages;
  providers: ProviderInfo[];
}

/**
 * The login and register forms in a dialog (from the avatar menu). Their texts and the sign-in providers
 * come from the login page's loader, fetched when the dialog opens.
 */
export default function AuthDialog({
  mode,
  onModeChange,
  onClose,
}: {
  mode: "login" | "register";
  onModeChange: (mode: "login" | "register") => void;
  onClose: () => void;
}) {
  const locale = useLocale();
  const fetcher = useFetcher<AuthPageData>();
  const { load } = fetcher;
  useEffect(() => {
    void load(localizePath("/login", locale));
  }, [load, locale]);
  if (!fetcher.data?.messages) return null;
  return (
    <ExtraMessages value={fetcher.data.messages}>
      <AuthDialogBody mode={mode} onModeChange={onModeChange} onClose={onClose} providers={fetcher.data.providers} />
    </ExtraMessages>
  );
}

function AuthDialogBody({
  mode,
  onModeChange,
  onClose,
  providers,
}: {
  mode: "login" | "register";
  onModeChange: (mode: "login" | "register") => void;
  onClose: () => void;
  providers: ProviderInfo[];
}) {
  const t = useT();
  const revalidator = useRevalidator();
  const done = (message: string) => {
    toast({ title: message, variant: "success" });
    onClose();
    void revalidator.revalidate();
  };
  const login = mode === "login";
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(login ? "auth.login.title" : "auth.register.title")}
      description={t(login ? "auth.login.description" : "auth.register.description")}
      closeLabel={t("auth.dialog.close")}
      testId={login ? "login-dialog" : "register-dialog"}
      wide={!login}
    >
      {login ? <LoginForm onDone={done} /> : <RegisterForm onDone={done} />}
      <OAuthButtons providers={providers} onSignedIn={done} />
      <p className="text-center text-sm text-muted-foreground">
        {t(login ? "auth.login.noAccount" : "auth.register.haveAccount")}{" "}
        <button
          type="button"
          className="font-medium text-foreground underline underline-offset-4"
          onClick={() => onModeChange(login ? "register" : "login")}
        >
          {t(login ? "auth.login.toRegister" : "auth.register.toLogin")}
        </button>
      </p>
    </Dialog>
  );
}
