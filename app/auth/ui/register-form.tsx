import { useState, type FormEvent } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useSchemaForm } from "~/ui/use-schema-form";
import { registerSchema, withConfirmation } from "~/auth/schema";
import { useHydrated } from "~/ui/use-hydrated";
import { FormAlert } from "~/ui/form-alert";
import { identityForSubmit } from "./login-form";

// The register payload without what the browser adds itself (pub, deviceName), plus the confirmation.
const registerFormSchema = withConfirmation(registerSchema.omit({ pub: true, deviceName: true }), "password");

interface RegisterValues extends Record<string, string> {
  firstName: string;
  lastName: string;
  about: string;
  userName: string;
  password: string;
  confirmPassword: string;
}

/** The registration form of the register page and the register dialog. */
export function RegisterForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const form = useSchemaForm(registerFormSchema, {
    firstName: "",
    lastName: "",
    about: "",
    userName: "",
    password: "",
    confirmPassword: "",
  });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit<RegisterValues>();
    if (!input) return;
    setPending(true);
    setFailure(undefined);
    const identity = await identityForSubmit(locale);
    const { confirmPassword: _confirmation, ...payload } = input;
    const result = await callApi("/api/auth/register", {
      body: { ...payload, pub: identity?.pub, deviceName: identity?.deviceName },
      locale,
      networkMessage: t("auth.networkError"),
    });
    setPending(false);
    if (!result.ok) {
      setFailure(result.message);
      form.showIssues(result.issues);
      return;
    }
    onDone(result.data.message ?? t("auth.registered"));
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="register-form">
      <FormAlert message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("auth.field.firstName")} error={form.errors.firstName}>
          <Input {...form.field("firstName")} autoComplete="given-name" dir="auto" />
        </Field>
        <Field label={t("auth.field.lastName")} error={form.errors.lastName}>
          <Input {...form.field("lastName")} autoComplete="family-name" dir="auto" />
        </Field>
      </div>
      <Field label={t("auth.field.about")} error={form.errors.about}>
        <Textarea {...form.field("about")} dir="auto" />
      </Field>
      <Field label={t("auth.field.userName")} error={form.errors.userName} hint={t("auth.field.userNameHint")}>
        <Input {...form.field("userName")} autoComplete="username" dir="ltr" autoCapitalize="off" spellCheck={false} className="text-start" />
      </Field>
      <Field label={t("auth.field.password")} error={form.errors.password}>
        <PasswordInput {...form.field("password")} autoComplete="new-password" />
      </Field>
      <Field label={t("auth.field.confirmPassword")} error={form.errors.confirmPassword}>
        <PasswordInput {...form.field("confirmPassword")} autoComplete="new-password" />
      </Field>
      <Button type="submit" disabled={!hydrated || pending} data-testid="register-submit">
        {pending ? t("auth.register.submitting") : t("auth.register.submit")}
      </Button>
    </form>
  );
}
