import { useState, type FormEvent } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { loadIdentityMaker } from "~/identity/store";
import { callApi } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { useSchemaForm } from "~/ui/use-schema-form";
import { loginSchema, type LoginInput } from "~/auth/schema";
import { useHydrated } from "~/ui/use-hydrated";
import { FormAlert } from "~/ui/form-alert";

/** The browser's identity key, made first if needed; null when it cannot be made (no storage). */
export async function identityForSubmit(locale: "fa" | "en") {
  try {
    return await (await loadIdentityMaker()).ensureIdentity(locale);
  } catch {
    return null;
  }
}

/** The login form of the login page and the login dialog. `onDone` gets the server's success message. */
export function LoginForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const form = useSchemaForm(loginSchema, { userName: "", password: "" });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit<LoginInput>();
    if (!input) return;
    setPending(true);
    setFailure(undefined);
    const identity = await identityForSubmit(locale);
    const result = await callApi("/api/auth/login", {
      body: { ...input, pub: identity?.pub, deviceName: identity?.deviceName },
      locale,
      networkMessage: t("auth.networkError"),
    });
    setPending(false);
    if (!result.ok) {
      setFailure(result.message);
      form.showIssues(result.issues);
      return;
    }
    onDone(result.data.message ?? t("auth.loginSuccess"));
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="login-form">
      <FormAlert message={failure} />
      <Field label={t("auth.field.userName")} error={form.errors.userName}>
        <Input {...form.field("userName")} autoComplete="username" dir="ltr" autoCapitalize="off" spellCheck={false} className="text-start" />
      </Field>
      <Field label={t("auth.field.password")} error={form.errors.password}>
        <PasswordInput {...form.field("password")} autoComplete="current-password" />
      </Field>
      <Button type="submit" disabled={!hydrated || pending} data-testid="login-submit">
        {pending ? t("auth.login.submitting") : t("auth.login.submit")}
      </Button>
    </form>
  );
}
