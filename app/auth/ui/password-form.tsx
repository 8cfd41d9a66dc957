import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { PasswordInput } from "~/ui/password-input";
import { toast } from "~/ui/toast/store";
import { useSchemaForm } from "~/ui/use-schema-form";
import { FormAlert } from "~/ui/form-alert";
import { changePasswordSchema, withConfirmation } from "~/auth/schema";
import { useHydrated } from "~/ui/use-hydrated";

const passwordFormSchema = withConfirmation(changePasswordSchema, "newPassword");
const empty = { oldPassword: "", newPassword: "", confirmPassword: "" };

/** Changes the password; every other session of the account ends on the server. */
export function PasswordForm() {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const form = useSchemaForm(passwordFormSchema, empty);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit<typeof empty>();
    if (!input) return;
    setPending(true);
    setFailure(undefined);
    const result = await callApi("/api/auth/change-password", {
      method: "PUT",
      body: { oldPassword: input.oldPassword, newPassword: input.newPassword },
      locale,
      networkMessage: t("auth.networkError"),
    });
    setPending(false);
    if (!result.ok) {
      if (!result.issues.length) setFailure(result.message);
      form.showIssues(result.issues);
      return;
    }
    form.reset();
    toast({ title: result.data.message ?? t("auth.passwordChanged"), variant: "success" });
    await revalidator.revalidate();
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="password-form">
      <FormAlert message={failure} />
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <Field label={t("auth.field.oldPassword")} error={form.errors.oldPassword}>
        <PasswordInput {...form.field("oldPassword")} autoComplete="current-password" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("auth.field.newPassword")} error={form.errors.newPassword}>
          <PasswordInput {...form.field("newPassword")} autoComplete="new-password" />
        </Field>
        <Field label={t("auth.field.confirmPassword")} error={form.errors.confirmPassword}>
          <PasswordInput {...form.field("confirmPassword")} autoComplete="new-password" />
        </Field>
      </div>
      <div>
        <Button type="submit" disabled={!hydrated || pending} data-testid="password-submit">
          {pending ? t("auth.password.submitting") : t("auth.password.submit")}
        </Button>
      </div>
    </form>
  );
}
