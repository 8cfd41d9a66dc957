import { useState } from "react";
import { forgotPasswordSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";

/**
 * Asks for a reset link. The answer is the same whether or not an account has the address; it stays on the form
 * (the next step is in the mailbox).
 */
export function ForgotPasswordForm() {
  const t = useT();
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm({
    schema: forgotPasswordSchema,
    path: "/api/auth/forgot-password",
    initial: { email: "" },
    revalidate: false,
    successToast: false,
    onSuccess: (data) => setSent(String(data.message ?? "")),
  });
  return (
    <ApiForm form={form} data-testid="forgot-form">
      <Field label={t("auth.field.email")} error={form.errors.email}>
        <Input {...form.field("email")} type="email" autoComplete="email" dir="ltr" className="text-start" />
      </Field>
      {sent ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm" data-testid="forgot-sent">
          {sent}
        </p>
      ) : null}
      <SubmitButton pendingLabel={t("auth.forgot.submitting")} data-testid="forgot-submit">
        {t("auth.forgot.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
