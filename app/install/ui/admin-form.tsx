import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { readProfile } from "~/identity/store";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { toast } from "~/ui/toast/store";
import { useSchemaForm } from "~/ui/use-schema-form";
import { adminFormSchema, type AdminPayload } from "~/install/schema";

/** SPEC §5 admin account form; on success the administrator is signed in. */
export function AdminForm({ adminLoaded, onResult }: { adminLoaded: boolean; onResult: (ok: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(adminFormSchema, {
    firstName: "",
    lastName: "",
    about: "",
    userName: "",
    password: "",
    confirmPassword: "",
  });
  const { setValues } = form;
  // First and last name come from the visitor's identity profile when there is one (SPEC §5).
  useEffect(() => {
    const profile = readProfile();
    if (profile?.firstName || profile?.lastName) {
      setValues((v) => ({ ...v, firstName: v.firstName || profile.firstName, lastName: v.lastName || profile.lastName }));
    }
  }, [setValues]);

  if (adminLoaded) {
    return (
      <div className="flex items-start gap-3 rounded-lg border border-success/40 bg-success/5 p-4" role="status" data-testid="admin-ready">
        <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-success" />
        <p>{t("install.admin.created")}</p>
      </div>
    );
  }

  return (
    <form
      className="grid gap-4 sm:grid-cols-2"
      data-testid="admin-form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        const input = form.submit<AdminPayload & { confirmPassword: string }>();
        if (!input) return;
        setSaving(true);
        const { confirmPassword: _confirm, ...payload } = input;
        const result = await callApi("/api/install/admin-loading", {
          locale,
          body: { ...payload, pub: readProfile()?.pub ?? null },
          networkMessage: t("install.toast.failed"),
        });
        setSaving(false);
        onResult(result.ok);
        if (result.ok) {
          toast({ variant: "success", title: t("install.toast.success"), description: t("install.toast.adminCreated") });
          void revalidator.revalidate();
        } else {
          form.showIssues(result.issues);
          toast({ variant: "warning", title: result.message, description: result.issues[0]?.message });
        }
      }}
    >
      <Field label={t("install.admin.firstName")} error={form.errors.firstName}>
        <Input autoComplete="given-name" {...form.field("firstName")} />
      </Field>
      <Field label={t("install.admin.lastName")} error={form.errors.lastName}>
        <Input autoComplete="family-name" {...form.field("lastName")} />
      </Field>
      <div className="sm:col-span-2">
        <Field label={t("install.admin.about")} error={form.errors.about}>
          <Input {...form.field("about")} />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field label={t("install.admin.userName")} error={form.errors.userName}>
          <Input autoComplete="username" dir="ltr" {...form.field("userName")} />
        </Field>
      </div>
      <Field label={t("install.admin.password")} error={form.errors.password}>
        <PasswordInput autoComplete="new-password" {...form.field("password")} />
      </Field>
      <Field label={t("install.admin.confirmPassword")} error={form.errors.confirmPassword}>
        <PasswordInput autoComplete="new-password" {...form.field("confirmPassword")} />
      </Field>
      <Button type="submit" loading={saving} className="justify-self-start sm:col-span-2">
        {t("install.admin.submit")}
      </Button>
    </form>
  );
}
