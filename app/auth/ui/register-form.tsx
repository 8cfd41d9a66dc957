import { registerSchema, withConfirmation } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { AccountFields, emptyAccount } from "./account-fields";
import { useSignInForm } from "./use-sign-in-form";

// The register payload without what the browser adds itself (pub, deviceName), plus the confirmation.
const registerFormSchema = withConfirmation(
  registerSchema.omit({ pub: true, proof: true, deviceName: true }),
  "password",
);

/** The registration form of the register page and the register dialog. `onDone` gets the server's message. */
export function RegisterForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const form = useSignInForm({
    schema: registerFormSchema,
    path: "/api/auth/register",
    action: "register",
    initial: emptyAccount,
    onDone,
  });
  return (
    <ApiForm form={form} data-testid="register-form">
      <AccountFields form={form} />
      <SubmitButton pendingLabel={t("auth.register.submitting")} data-testid="register-submit">
        {t("auth.register.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
