import { confirmPasswordSchema, secondFactorCodeSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { PasswordInput } from "~/ui/password-input";
import { useApiForm } from "~/ui/use-api-form";
import { SecondFactorCodeField } from "./second-factor-code-field";
import { PasskeyButton } from "./passkey-button";
import { toast } from "~/ui/toast/store";

/**
 * Before linking a key or an account: the owner types the password again (or, without one, is told to sign in
 * again), and gives a code when the account has a second factor. Shown while the session has no recent proof;
 * linking then works for ten minutes.
 */
export function ConfirmPasswordCard({
  hasPassword,
  ready,
  firstReady,
  secondFactor,
  passkeys,
}: {
  hasPassword: boolean;
  ready: boolean;
  /** The password (or, without one, the sign-in) is recent. */
  firstReady: boolean;
  secondFactor: { required: boolean; recent: boolean };
  /** The account has passkeys: one may give the proof. */
  passkeys: boolean;
}) {
  const t = useT();
  const code = useApiForm({
    schema: secondFactorCodeSchema,
    path: "/api/auth/second-factor/confirm",
    method: "POST",
    initial: { code: "" },
    reset: true,
  });
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
      ) : null}
      {!ready && !firstReady && hasPassword ? (
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
      {!ready && secondFactor.required && !secondFactor.recent ? (
        <ApiForm form={code} data-testid="confirm-code-form">
          <p className="text-sm text-muted-foreground">{t("auth.secondFactor.confirmHint")}</p>
          <SecondFactorCodeField field={code.field("code")} error={code.errors.code} />
          <div>
            <SubmitButton pendingLabel={t("auth.proof.submitting")} data-testid="confirm-code-submit">
              {t("auth.secondFactor.confirmSubmit")}
            </SubmitButton>
          </div>
        </ApiForm>
      ) : null}
      {!ready && secondFactor.required && !secondFactor.recent && passkeys ? (
        <PasskeyButton
          purpose="confirm"
          path="/api/auth/second-factor/confirm"
          label={t("auth.secondFactor.confirmPasskey")}
          onDone={(data) => toast({ title: data.message ?? "", variant: "success" })}
          testId="confirm-passkey"
        />
      ) : null}
    </Card>
  );
}
