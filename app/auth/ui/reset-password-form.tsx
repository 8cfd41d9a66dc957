import { resetPasswordSchema, withConfirmation } from "~/auth/schema";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { toSecondStep } from "./to-second-step";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { useApiForm } from "~/ui/use-api-form";
import { NewPasswordFields } from "./account-fields";

const resetFormSchema = withConfirmation(resetPasswordSchema.omit({ token: true }), "password");

/** The new password a reset link lets its holder choose; `onDone` gets the server's message (signed in by then). */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useApiForm({
    schema: resetFormSchema,
    path: "/api/auth/reset-password",
    initial: { password: "", confirmPassword: "" },
    revalidate: false,
    successToast: false,
    request: (input) => ({ body: { ...input, token } }),
    onSuccess: (data) =>
      data.secondStep ? toSecondStep(locale, localizePath("/profile", locale)) : onDone(String(data.message ?? "")),
  });
  return (
    <ApiForm form={form} data-testid="reset-form">
      <NewPasswordFields form={form} name="password" />
      <SubmitButton pendingLabel={t("auth.reset.submitting")} data-testid="reset-submit">
        {t("auth.reset.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
