import { loginSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useSignInForm } from "./use-sign-in-form";

const loginFormSchema = loginSchema.omit({ pub: true, proof: true, deviceName: true });

/** The login form of the login page and the login dialog. `onDone` gets the server's success message. */
export function LoginForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
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
      <SubmitButton pendingLabel={t("auth.login.submitting")} data-testid="login-submit">
        {t("auth.login.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
