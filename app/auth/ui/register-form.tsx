import { registerSchema, withConfirmation } from "~/auth/schema";
import { signInDevice } from "~/auth/sign-in-device";
import { useLocale, useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { useApiForm } from "~/ui/use-api-form";
import { AccountFields, emptyAccount } from "./account-fields";

// The register payload without what the browser adds itself (pub, deviceName), plus the confirmation.
const registerFormSchema = withConfirmation(registerSchema.omit({ pub: true, deviceName: true }), "password");

/** The registration form of the register page and the register dialog. `onDone` gets the server's message. */
export function RegisterForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useApiForm({
    schema: registerFormSchema,
    path: "/api/auth/register",
    initial: emptyAccount,
    request: async ({ confirmPassword: _confirmation, ...input }) => ({ body: { ...input, ...(await signInDevice(locale)) } }),
    // The page or the dialog says it and refreshes what it shows (the page reloads as a whole).
    successToast: false,
    revalidate: false,
    onSuccess: (data) => onDone(data.message ?? t("auth.registered")),
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
