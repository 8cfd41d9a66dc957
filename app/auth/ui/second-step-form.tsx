import { secondFactorCodeSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { useApiForm } from "~/ui/use-api-form";
import { SecondFactorCodeField } from "./second-factor-code-field";

/** The second step of a sign-in: a code; `onDone` gets the server's message (signed in by then). */
export function SecondStepForm({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const form = useApiForm({
    schema: secondFactorCodeSchema,
    path: "/api/auth/second-step",
    initial: { code: "" },
    revalidate: false,
    successToast: false,
    onSuccess: (data) => onDone(String(data.message ?? "")),
  });
  return (
    <ApiForm form={form} data-testid="second-step-form">
      <SecondFactorCodeField field={form.field("code")} error={form.errors.code} />
      <SubmitButton pendingLabel={t("auth.secondStep.submitting")} data-testid="second-step-submit">
        {t("auth.secondStep.submit")}
      </SubmitButton>
    </ApiForm>
  );
}
