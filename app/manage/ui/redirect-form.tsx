import { newRedirectSchema } from "~/content/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm } from "~/ui/api-form";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";
import { FormDialogActions } from "./form-dialog";

/** A redirect's old address and where it goes: adds one (without `redirect`) or changes one. */
export function RedirectForm({
  redirect,
  onDone,
}: {
  redirect?: { id: number; from: string; to: string };
  onDone: () => void;
}) {
  const t = useT();
  const form = useApiForm({
    schema: newRedirectSchema,
    path: redirect ? "/api/redirects/update" : "/api/redirects/new",
    method: redirect ? "PUT" : "POST",
    initial: { from: redirect?.from ?? "", to: redirect?.to ?? "" },
    request: (input) => ({ body: redirect ? { ...input, id: redirect.id } : input }),
    onSuccess: onDone,
  });
  return (
    <ApiForm form={form} data-testid="redirect-form">
      <Field label={t("items.redirects.from")} hint={t("items.redirects.fromHint")} error={form.errors.from}>
        <Input
          {...form.field("from")}
          dir="auto"
          autoCapitalize="none"
          spellCheck={false}
          data-testid="redirect-from"
        />
      </Field>
      <Field label={t("items.redirects.to")} hint={t("items.redirects.toHint")} error={form.errors.to}>
        <Input {...form.field("to")} dir="auto" autoCapitalize="none" spellCheck={false} data-testid="redirect-to" />
      </Field>
      <FormDialogActions
        submitLabel={redirect ? t("items.redirects.save") : t("items.redirects.add")}
        submitTestId="redirect-submit"
      />
    </ApiForm>
  );
}
