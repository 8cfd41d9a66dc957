import { useState } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { apiFetch } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { toast } from "~/ui/toast/store";
import { useForm } from "~/ui/use-form";
import { databaseFormSchema } from "./schema";

/** Another database for the site: verified by the server before it is saved and used. */
export function DatabaseForm({ onSaved }: { onSaved: () => void }) {
  const t = useT();
  const locale = useLocale();
  const form = useForm(databaseFormSchema, { url: "", authToken: "" }, t);
  const [saving, setSaving] = useState(false);
  return (
    <form
      className="grid gap-4 rounded-lg border p-4"
      data-testid="database-form"
      onSubmit={async (event) => {
        event.preventDefault();
        const input = form.submit();
        if (!input) return;
        setSaving(true);
        const { ok, data } = await apiFetch<{ reason?: string }>("/api/install/database-connections", {
          method: "POST",
          locale,
          body: input,
        });
        setSaving(false);
        if (ok) {
          toast({ variant: "success", title: t("install.connection.saved") });
          onSaved();
        } else {
          toast({ variant: "error", title: data.message ?? t("install.toast.failed"), description: data.reason ?? data.issues?.[0]?.message });
        }
      }}
    >
      <h3 className="font-semibold">{t("install.connection.form.title")}</h3>
      <Field
        label={t("install.connection.form.url")}
        hint={t("install.connection.form.urlHint")}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        {...form.field("url")}
      />
      <Field label={t("install.connection.form.token")} type="password" dir="ltr" autoComplete="off" {...form.field("authToken")} />
      <Button type="submit" loading={saving} className="justify-self-start">
        {t("install.connection.form.submit")}
      </Button>
    </form>
  );
}
