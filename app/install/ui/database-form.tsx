import { useT } from "~/i18n/use-t";
import { databaseFormSchema } from "~/install/schema";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";

/**
 * Another database for the site: verified by the server before it is saved and used. A failure is an error
 * toast with the server's reason, like the installer's other steps.
 */
export function DatabaseForm({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const form = useApiForm({
    schema: databaseFormSchema,
    path: "/api/install/database-connections",
    initial: { url: "", authToken: "" },
    successToast: () => ({ variant: "success", title: t("install.connection.saved") }),
    failureToast: "error",
    onSuccess: onSaved,
  });
  return (
    <ApiForm form={form} className="rounded-lg border p-4" data-testid="database-form">
      <h3 className="font-semibold">{t("install.connection.form.title")}</h3>
      <Field
        label={t("install.connection.form.url")}
        hint={t("install.connection.form.urlHint")}
        error={form.errors.url}
      >
        <Input dir="ltr" autoComplete="off" spellCheck={false} {...form.field("url")} />
      </Field>
      <Field label={t("install.connection.form.token")} error={form.errors.authToken}>
        <Input type="password" dir="ltr" autoComplete="off" {...form.field("authToken")} />
      </Field>
      <SubmitButton className="justify-self-start">{t("install.connection.form.submit")}</SubmitButton>
    </ApiForm>
  );
}
