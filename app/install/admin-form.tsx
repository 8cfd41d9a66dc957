import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { useLocale, useT } from "~/i18n/use-t";
import { apiFetch } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field, PasswordField } from "~/ui/field";
import { toast } from "~/ui/toast/store";
import { useForm } from "~/ui/use-form";
import { adminFormSchema } from "./schema";

/** The browser's anonymous identity profile (issue #4), if the visitor has one: it prefills the names. */
function identityProfile(): { firstName?: string; lastName?: string; pub?: string } {
  try {
    return JSON.parse(localStorage.getItem("profile") ?? "{}") as { firstName?: string; lastName?: string; pub?: string };
  } catch {
    return {};
  }
}

/** SPEC §5 admin account form; on success the administrator is signed in. */
export function AdminForm({ adminLoaded, onResult }: { adminLoaded: boolean; onResult: (ok: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const form = useForm(
    adminFormSchema,
    { firstName: "", lastName: "", about: "", userName: "", password: "", confirmPassword: "" },
    t,
  );
  const { setValues } = form;
  useEffect(() => {
    const profile = identityProfile();
    if (profile.firstName || profile.lastName) {
      setValues((v) => ({ ...v, firstName: v.firstName || profile.firstName || "", lastName: v.lastName || profile.lastName || "" }));
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
        const input = form.submit();
        if (!input) return;
        setSaving(true);
        const { confirmPassword: _confirm, ...payload } = input;
        const { ok, data } = await apiFetch("/api/install/admin-loading", {
          method: "POST",
          locale,
          body: { ...payload, pub: identityProfile().pub ?? null },
        });
        setSaving(false);
        onResult(ok);
        if (ok) {
          toast({ variant: "success", title: t("install.toast.success"), description: t("install.toast.adminCreated") });
          void revalidator.revalidate();
        } else {
          toast({
            variant: "warning",
            title: data.message ?? t("install.toast.failed"),
            description: data.issues?.[0]?.message,
          });
        }
      }}
    >
      <Field label={t("install.admin.firstName")} autoComplete="given-name" {...form.field("firstName")} />
      <Field label={t("install.admin.lastName")} autoComplete="family-name" {...form.field("lastName")} />
      <Field label={t("install.admin.about")} className="sm:col-span-2" {...form.field("about")} />
      <Field label={t("install.admin.userName")} autoComplete="username" dir="ltr" className="sm:col-span-2" {...form.field("userName")} />
      <PasswordField
        label={t("install.admin.password")}
        autoComplete="new-password"
        showLabel={t("install.admin.show")}
        hideLabel={t("install.admin.hide")}
        {...form.field("password")}
      />
      <PasswordField
        label={t("install.admin.confirmPassword")}
        autoComplete="new-password"
        showLabel={t("install.admin.show")}
        hideLabel={t("install.admin.hide")}
        {...form.field("confirmPassword")}
      />
      <Button type="submit" loading={saving} className="justify-self-start sm:col-span-2">
        {t("install.admin.submit")}
      </Button>
    </form>
  );
}
