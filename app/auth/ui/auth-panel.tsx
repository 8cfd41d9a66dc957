import { Link } from "react-router";
import type { ProviderInfo } from "~/auth/oauth/provider-info";
import { useT } from "~/i18n/use-t";
import { NostrSignIn } from "~/auth/ui/nostr-sign-in";
import { LoginForm } from "./login-form";
import { OAuthButtons } from "./oauth-buttons";
import { PasskeyButton } from "./passkey-button";
import { RegisterForm } from "./register-form";

export type AuthMode = "login" | "register";

const switchClass = "font-medium text-foreground underline underline-offset-4";

/**
 * The login or register form, the sign-in providers and the way to the other form: the body of the login and
 * register page and of the dialog the avatar menu opens. `onDone` gets the server's success message (from the
 * form or from a provider's popup).
 */
export function AuthPanel({
  mode,
  providers,
  onDone,
  toOther,
  onLeave,
}: {
  mode: AuthMode;
  providers: ProviderInfo[];
  onDone: (message: string) => void;
  /** The way to the other form: a link on the page, a button in the dialog. */
  toOther: { href: string } | { onClick: () => void };
  /** The dialog closes when a link takes the reader to another page (the forgotten password's). */
  onLeave?: () => void;
}) {
  const t = useT();
  const login = mode === "login";
  const label = t(login ? "auth.login.toRegister" : "auth.register.toLogin");
  return (
    <>
      {login ? <LoginForm onDone={onDone} onLeave={onLeave} /> : <RegisterForm onDone={onDone} />}
      <OAuthButtons providers={providers} onSignedIn={onDone} />
      {login ? (
        <PasskeyButton
          purpose="sign-in"
          path="/api/auth/passkeys/sign-in"
          label={t("auth.passkey.signIn")}
          onDone={(data) => onDone(data.message ?? "")}
          testId="passkey-sign-in"
        />
      ) : null}
      {login ? <NostrSignIn onDone={onDone} /> : null}
      <p className="text-center text-sm text-muted-foreground">
        {t(login ? "auth.login.noAccount" : "auth.register.haveAccount")}{" "}
        {"href" in toOther ? (
          <Link to={toOther.href} className={switchClass}>
            {label}
          </Link>
        ) : (
          <button type="button" className={switchClass} onClick={toOther.onClick}>
            {label}
          </button>
        )}
      </p>
    </>
  );
}
