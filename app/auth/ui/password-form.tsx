import { changePasswordSchema, withConfirmation } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { PasswordInput } from "~/ui/password-input";
import { useApiForm } from "~/ui/use-api-form";
import { NewPasswordFields } from "./account-fields";

const passwordFormSchema = withConfirmation(changePasswordSchema, "newPassword");

/** Changes the password; every other session of the account ends on the server. */
export function PasswordForm() {
  const t = useT();
  const form = useApiForm({
    schema: passwordFormSchema,
    path: "/api/auth/change-password",
    method: "PUT",
    initial: { oldPassword: "", newPassword: "", confirmPassword: "" },
    reset: true,
  });
  return (
    <ApiForm form={form} data-testid="password-form">
      {/* The account's name, for password managers. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <Field label={t("auth.field.oldPassword")} error={form.errors.oldPassword}>
        <PasswordInput {...form.field("oldPassword")} autoComplete="current-password" />
      </Field>
      <NewPasswordFields form={form} name="newPassword" />
      <div>
        <SubmitButton pendingLabel={t("auth.password.submitting")} data-testid="password-submit">
          {t("auth.password.submit")}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}
