import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { ProviderInfo } from "~/auth/oauth/provider-info";
import { localizePath } from "~/i18n/locales";
import { ExtraMessages, useLocale, useT } from "~/i18n/use-t";
import type { Messages } from "~/i18n/translate";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { toast } from "~/ui/toast/store";
import { AuthPanel, type AuthMode } from "./auth-panel";

interface AuthPageData {
  messages: Messages;
  providers: ProviderInfo[];
}

interface AuthDialogProps {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}

/**
 * The login and register forms in a dialog (from the avatar menu). Their texts and the sign-in providers
 * come from the login page's loader, fetched when the dialog opens.
 */
export default function AuthDialog(props: AuthDialogProps) {
  const locale = useLocale();
  const fetcher = useFetcher<AuthPageData>();
  const { load } = fetcher;
  useEffect(() => {
    void load(localizePath("/login", locale));
  }, [load, locale]);
  if (!fetcher.data?.messages) return null;
  return (
    <ExtraMessages value={fetcher.data.messages}>
      <AuthDialogBody {...props} providers={fetcher.data.providers} />
    </ExtraMessages>
  );
}

function AuthDialogBody({ mode, onModeChange, onClose, providers }: AuthDialogProps & { providers: ProviderInfo[] }) {
  const t = useT();
  const revalidator = useRevalidator();
  // Signed in: the page stays, and everything on it that depends on the session loads again.
  const done = (message: string) => {
    toast({ title: message, variant: "success" });
    onClose();
    void revalidator.revalidate();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        size={mode === "login" ? "md" : "lg"}
        closeLabel={t("auth.dialog.close")}
        data-testid={mode === "login" ? "login-dialog" : "register-dialog"}
      >
        <DialogHeader>
          <DialogTitle>{t(`auth.${mode}.title`)}</DialogTitle>
          <DialogDescription>{t(`auth.${mode}.description`)}</DialogDescription>
        </DialogHeader>
        <AuthPanel
          mode={mode}
          providers={providers}
          onDone={done}
          onLeave={onClose}
          toOther={{ onClick: () => onModeChange(mode === "login" ? "register" : "login") }}
        />
      </DialogContent>
    </Dialog>
  );
}
