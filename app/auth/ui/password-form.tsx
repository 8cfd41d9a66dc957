import { useState } from "react";
import { changePasswordSchema, withConfirmation } from "~/auth/schema";
import { useLocalProfile } from "~/keys/store";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { PasswordInput } from "~/ui/password-input";
import { useApiForm } from "~/ui/use-api-form";
import { NewPasswordFields } from "./account-fields";
import { defaultKept, KeepKeys } from "./keep-keys";
import type { AccountKey } from "./keys-card";

const passwordFormSchema = withConfirmation(changePasswordSchema.omit({ keep: true }), "newPassword");

/**
 * Changes the password; every other session of the account ends on the server, and the keys the member does
 * not keep are removed.
 */
export function PasswordForm({ keys }: { keys: AccountKey[] }) {
  const t = useT();
  const local = useLocalProfile();
  const [kept, setKept] = useState<string[] | null>(null);
  const keep = kept ?? defaultKept(keys, local?.pub);
  const form = useApiForm({
    schema: passwordFormSchema,
    path: "/api/auth/change-password",
    method: "PUT",
    initial: { oldPassword: "", newPassword: "", confirmPassword: "" },
    reset: true,
    request: (input) => ({ body: { ...input, keep } }),
  });
  return (
    <ApiForm form={form} data-testid="password-form">
      {/* The account's name, for password managers. */}
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <Field label={t("auth.field.oldPassword")} error={form.errors.oldPassword}>
        <PasswordInput {...form.field("oldPassword")} autoComplete="current-password" />
      </Field>
      <NewPasswordFields form={form} name="newPassword" />
      <KeepKeys keys={keys} selected={keep} onChange={setKept} testId="password-keep-keys" />
      <div>
        <SubmitButton pendingLabel={t("auth.password.submitting")} data-testid="password-submit">
          {t("auth.password.submit")}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}
