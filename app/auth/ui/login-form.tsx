import { Link } from "react-router";
import { loginSchema } from "~/auth/schema";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useSignInForm } from "./use-sign-in-form";

const loginFormSchema = loginSchema.omit({ pub: true, proof: true, deviceName: true });

/**
 * The login form of the login page and the login dialog. `onDone` gets the server's success message; `onLeave`
 * runs when its link to the forgotten password's page is followed (the dialog closes).
 */
export function LoginForm({ onDone, onLeave }: { onDone: (message: string) => void; onLeave?: () => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useSignInForm({
    action: "login",
    schema: loginFormSchema,
    path: "/api/auth/login",
    initial: { userName: "", password: "" },
    onDone,
  });
  return (
    <ApiForm form={form} data-testid="login-form">
      <Field label={t("auth.field.userName")} error={form.errors.userName}>
        <Input
          {...form.field("userName")}
          autoComplete="username"
          dir="ltr"
          autoCapitalize="off"
          spellCheck={false}
          className="text-start"
        />
      </Field>
      <Field label={t("auth.field.password")} error={form.errors.password}>
        <PasswordInput {...form.field("password")} autoComplete="current-password" />
      </Field>
      <Link
        to={localizePath("/forgot-password", locale)}
        className="-mt-2 justify-self-start text-sm text-muted-foreground underline"
        onClick={onLeave}
        // Pressing it does not take focus from a field: the field's check on leaving would show its message and
        // move the link from under the pointer before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        data-testid="forgot-link"
      >
        {t("auth.forgot.link")}
      </Link>
      <SubmitButton pendingLabel={t("auth.login.submitting")} data-testid="login-submit">
        {t("auth.login.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
