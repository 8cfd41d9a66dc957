import { confirmPasswordSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { PasswordInput } from "~/ui/password-input";
import { useApiForm } from "~/ui/use-api-form";

/**
 * Before linking a key or an account: the owner types the password again (or, without one, is told to sign in
 * again). Shown while the session has no recent proof; linking then works for ten minutes.
 */
export function ConfirmPasswordCard({ hasPassword, ready }: { hasPassword: boolean; ready: boolean }) {
  const t = useT();
  const form = useApiForm({
    schema: confirmPasswordSchema,
    path: "/api/auth/confirm-password",
    method: "POST",
    initial: { password: "" },
    reset: true,
  });
  return (
    <Card
      title={t("auth.proof.title")}
      description={t(hasPassword ? "auth.proof.hint" : "auth.proof.hintNoPassword")}
      testId="confirm-password"
    >
      {ready ? (
        <p className="text-sm text-success" data-testid="proof-ready">
          {t("auth.proof.ready")}
        </p>
      ) : hasPassword ? (
        <ApiForm form={form} data-testid="confirm-password-form">
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          <Field label={t("auth.field.password")} error={form.errors.password}>
            <PasswordInput {...form.field("password")} autoComplete="current-password" />
          </Field>
          <div>
            <SubmitButton pendingLabel={t("auth.proof.submitting")} data-testid="confirm-password-submit">
              {t("auth.proof.submit")}
            </SubmitButton>
          </div>
        </ApiForm>
      ) : null}
    </Card>
  );
}
