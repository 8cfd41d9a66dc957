import { loginSchema } from "~/auth/schema";
import { signInDevice } from "~/auth/sign-in-device";
import { useLocale, useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useApiForm } from "~/ui/use-api-form";

const loginFormSchema = loginSchema.omit({ pub: true, deviceName: true });

/** The login form of the login page and the login dialog. `onDone` gets the server's success message. */
export function LoginForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useApiForm({
    schema: loginFormSchema,
    path: "/api/auth/login",
    initial: { userName: "", password: "" },
    request: async (input) => ({ body: { ...input, ...(await signInDevice(locale)) } }),
    // The page or the dialog says it and refreshes what it shows (the page reloads as a whole).
    successToast: false,
    revalidate: false,
    onSuccess: (data) => onDone(data.message ?? t("auth.loginSuccess")),
  });
  return (
    <ApiForm form={form} data-testid="login-form">
      <Field label={t("auth.field.userName")} error={form.errors.userName}>
        <Input {...form.field("userName")} autoComplete="username" dir="ltr" autoCapitalize="off" spellCheck={false} className="text-start" />
      </Field>
      <Field label={t("auth.field.password")} error={form.errors.password}>
        <PasswordInput {...form.field("password")} autoComplete="current-password" />
      </Field>
      <SubmitButton pendingLabel={t("auth.login.submitting")} data-testid="login-submit">
        {t("auth.login.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
