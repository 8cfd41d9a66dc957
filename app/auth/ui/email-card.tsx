import { changeEmailSchema } from "~/auth/schema";
import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { useApiForm } from "~/ui/use-api-form";

/**
 * The member's e-mail address on their profile: the one they have (confirmed or not), and a form that sends a
 * confirmation link to a new one; the address changes when the link is used. An unconfirmed address (one an
 * administrator typed, or one kept from before addresses were confirmed) gets a button that sends its link:
 * until it is confirmed, no reset link goes there.
 */
export function EmailCard({ email, confirmed }: { email: string | null; confirmed: boolean }) {
  const t = useT();
  const form = useApiForm({
    schema: changeEmailSchema,
    path: "/api/users/email",
    initial: { email: "" },
    reset: true,
    revalidate: false,
  });
  const resend = useApiForm({
    schema: changeEmailSchema,
    path: "/api/users/email",
    initial: { email: email ?? "" },
    revalidate: false,
  });
  return (
    <Card title={t("auth.email.title")} description={t("auth.email.hint")} testId="email-card">
      {email ? (
        <p className="flex flex-wrap items-center gap-2" data-testid="email-current">
          <span dir="ltr">{email}</span>
          <span
            className={
              confirmed
                ? "rounded-full bg-emerald-100 px-2 py-0.5 text-xs text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200"
                : "rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200"
            }
          >
            {confirmed ? t("auth.email.confirmed") : t("auth.email.unconfirmed")}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t("auth.email.none")}</p>
      )}
      {email && !confirmed ? (
        <ApiForm form={resend} data-testid="email-confirm-form">
          <p className="text-sm text-muted-foreground">{t("auth.email.confirmPrompt")}</p>
          <input {...resend.field("email")} type="hidden" />
          <div>
            <SubmitButton variant="outline" pendingLabel={t("auth.email.sending")} data-testid="email-confirm-send">
              {t("auth.email.confirmSend")}
            </SubmitButton>
          </div>
        </ApiForm>
      ) : null}
      <ApiForm form={form} data-testid="email-form">
        <Field label={t("auth.email.newAddress")} error={form.errors.email}>
          <Input {...form.field("email")} type="email" autoComplete="email" dir="ltr" className="text-start" />
        </Field>
        <div>
          <SubmitButton pendingLabel={t("auth.email.sending")} data-testid="email-submit">
            {t("auth.email.send")}
          </SubmitButton>
        </div>
      </ApiForm>
    </Card>
  );
}
