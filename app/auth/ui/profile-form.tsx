import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useLocale, useT } from "~/i18n/use-t";
import { callApi } from "~/lib/api-client";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Textarea } from "~/ui/input";
import { toast } from "~/ui/toast/store";
import { useSchemaForm } from "~/ui/use-schema-form";
import { FormAlert } from "~/ui/form-alert";
import { updateProfileSchema } from "~/auth/schema";
import { useHydrated } from "~/ui/use-hydrated";

/** Edits the signed-in user's first name, last name and about. */
export function ProfileForm({ initial }: { initial: { firstName: string; lastName: string; about: string } }) {
  const t = useT();
  const locale = useLocale();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const form = useSchemaForm(updateProfileSchema, initial);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.submit();
    if (!input) return;
    setPending(true);
    setFailure(undefined);
    const result = await callApi("/api/users/update-profile", { method: "PUT", body: input, locale, networkMessage: t("auth.networkError") });
    setPending(false);
    if (!result.ok) {
      setFailure(result.message);
      form.showIssues(result.issues);
      return;
    }
    toast({ title: result.data.message ?? t("auth.profileUpdated"), variant: "success" });
    await revalidator.revalidate();
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="profile-form">
      <FormAlert message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("auth.field.firstName")} error={form.errors.firstName}>
          <Input {...form.field("firstName")} autoComplete="given-name" dir="auto" />
        </Field>
        <Field label={t("auth.field.lastName")} error={form.errors.lastName}>
          <Input {...form.field("lastName")} autoComplete="family-name" dir="auto" />
        </Field>
      </div>
      <Field label={t("auth.field.about")} error={form.errors.about}>
        <Textarea {...form.field("about")} dir="auto" />
      </Field>
      <div>
        <Button type="submit" disabled={!hydrated || pending} data-testid="profile-submit">
          {pending ? t("auth.profile.saving") : t("auth.profile.save")}
        </Button>
      </div>
    </form>
  );
}
