import { setPasswordFormSchema, withConfirmation } from "~/auth/schema";
import { NewPasswordFields } from "~/auth/ui/account-fields";
import { useT } from "~/i18n/use-t";
import { ApiForm } from "~/ui/api-form";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

const schema = withConfirmation(setPasswordFormSchema, "password");

/** A new password for someone's account, with its confirmation (PUT /api/users/set-password). */
export function SetPasswordForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const t = useT();
  const form = useApiForm({
    schema,
    path: "/api/users/set-password",
    method: "PUT",
    initial: { userId: String(userId), password: "", confirmPassword: "" },
    onSuccess: onDone,
  });
  return (
    <ApiForm form={form} data-testid="set-password-form">
      <input type="hidden" name="userId" value={form.values.userId} />
      <NewPasswordFields form={form} name="password" />
      <FormDialogActions submitLabel={t("manage.setPassword.submit")} submitTestId="set-password-submit" />
    </ApiForm>
  );
}
