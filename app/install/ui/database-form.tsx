import { useState } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toast/store";
import { useSchemaForm } from "~/ui/use-schema-form";
import { databaseFormSchema } from "~/install/schema";

/** Another database for the site: verified by the server before it is saved and used. */
export function DatabaseForm({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useSchemaForm(databaseFormSchema, { url: "", authToken: "" });
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="grid gap-4 rounded-lg border p-4"
      data-testid="database-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const input = form.submit();
        if (!input) return;
        setSaving(true);
        const result = await callApi("/api/install/database-connections", {
          locale,
          body: input,
          networkMessage: t("install.toast.failed"),
        });
        setSaving(false);
        if (result.ok) {
          toast({ variant: "success", title: t("install.connection.saved") });
          onSaved();
        } else {
          form.showIssues(result.issues);
          toast({ variant: "error", title: result.message, description: result.reason });
        }
      }}
    >
      <h3 className="font-semibold">{t("install.connection.form.title")}</h3>
      <Field label={t("install.connection.form.url")} hint={t("install.connection.form.urlHint")} error={form.errors.url}>
        <Input dir="ltr" autoComplete="off" spellCheck={false} {...form.field("url")} />
      </Field>
      <Field label={t("install.connection.form.token")} error={form.errors.authToken}>
        <Input type="password" dir="ltr" autoComplete="off" {...form.field("authToken")} />
      </Field>
      <Button type="submit" loading={saving} className="justify-self-start">
        {t("install.connection.form.submit")}
      </Button>
    </form>
  );
}
