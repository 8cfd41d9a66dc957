import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input, inputClass } from "~/ui/input";
import { PasswordInput } from "~/ui/password-input";
import { SwitchField } from "~/ui/switch-field";
import { useApiAction } from "~/ui/use-api";
import { useApiForm } from "~/ui/use-api-form";
import { smtpSettingsFormSchema, testMessageSchema, type SmtpSettingsView } from "../schema";

/**
 * The SMTP server (settings.edit): its own form and call (PUT /api/mail/settings). The password is never shown:
 * the form sends a new one or nothing. With SMTP_URL set, only the sender's fields apply.
 */
export function MailSettingsPanel({ settings, canEdit }: { settings: SmtpSettingsView; canEdit: boolean }) {
  const t = useT();
  const form = useApiForm({
    schema: smtpSettingsFormSchema,
    path: "/api/mail/settings",
    method: "PUT",
    initial: {
      enabled: settings.enabled ? ["on"] : [],
      host: settings.host,
      port: String(settings.port),
      security: settings.security as string,
      user: settings.user,
      password: "",
      fromAddress: settings.fromAddress,
      fromNameFa: settings.fromNameFa,
      fromNameEn: settings.fromNameEn,
    },
  });
  const forget = useApiAction();
  const security = form.field("security");
  const server = !settings.fromEnvironment;
  return (
    <Card title={t("mail.settings.title")} testId="mail-settings">
      {settings.fromEnvironment ? (
        <p className="text-sm text-muted-foreground" data-testid="mail-from-environment">
          {t("mail.settings.fromEnvironment")}
        </p>
      ) : null}
      <ApiForm form={form} data-testid="mail-settings-form" className="grid gap-4 sm:grid-cols-2">
        <fieldset disabled={!canEdit} className="contents">
          {server ? (
            <>
              <div className="sm:col-span-2">
                <SwitchField label={t("mail.settings.enabled")} field={form.list("enabled")} testId="mail-enabled" />
              </div>
              <Field label={t("mail.settings.host")} error={form.errors.host}>
                <Input {...form.field("host")} dir="ltr" autoComplete="off" data-testid="mail-host" />
              </Field>
              <div className="grid grid-cols-2 gap-4">
                <Field label={t("mail.settings.port")} error={form.errors.port}>
                  <Input {...form.field("port")} dir="ltr" inputMode="numeric" data-testid="mail-port" />
                </Field>
                <Field label={t("mail.settings.security")} error={form.errors.security}>
                  <select
                    {...security}
                    onChange={(event) => security.onChange(event as never)}
                    className={`${inputClass} h-10`}
                    data-testid="mail-security"
                  >
                    <option value="starttls">{t("mail.settings.security.starttls")}</option>
                    <option value="tls">{t("mail.settings.security.tls")}</option>
                    <option value="none">{t("mail.settings.security.none")}</option>
                  </select>
                </Field>
              </div>
              <Field label={t("mail.settings.user")} error={form.errors.user}>
                <Input {...form.field("user")} dir="ltr" autoComplete="off" data-testid="mail-user" />
              </Field>
              <Field
                label={t("mail.settings.password")}
                hint={settings.hasPassword ? t("mail.settings.passwordKept") : undefined}
                error={form.errors.password}
              >
                <PasswordInput {...form.field("password")} autoComplete="new-password" data-testid="mail-password" />
              </Field>
            </>
          ) : null}
          <Field label={t("mail.settings.fromAddress")} error={form.errors.fromAddress}>
            <Input {...form.field("fromAddress")} dir="ltr" type="email" data-testid="mail-from" />
          </Field>
          <div className="hidden sm:block" />
          <Field label={t("mail.settings.fromNameFa")} error={form.errors.fromNameFa}>
            <Input {...form.field("fromNameFa")} dir="rtl" data-testid="mail-from-fa" />
          </Field>
          <Field label={t("mail.settings.fromNameEn")} error={form.errors.fromNameEn}>
            <Input {...form.field("fromNameEn")} dir="ltr" data-testid="mail-from-en" />
          </Field>
          {canEdit ? (
            <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
              <SubmitButton pendingLabel={t("mail.settings.saving")} data-testid="mail-save">
                {t("mail.settings.save")}
              </SubmitButton>
              {settings.hasPassword && server ? (
                <Button
                  variant="ghost"
                  loading={forget.pending}
                  onClick={() =>
                    forget.run("/api/mail/settings", {
                      method: "PUT",
                      body: { ...settings, password: "", clearPassword: true },
                    })
                  }
                  data-testid="mail-forget-password"
                >
                  {t("mail.settings.clearPassword")}
                </Button>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      </ApiForm>
    </Card>
  );
}

/** Sends a test message through the outbox; its state shows in the list below. */
export function TestMessageForm({ to }: { to: string }) {
  const t = useT();
  const form = useApiForm({ schema: testMessageSchema, path: "/api/mail/test", initial: { to } });
  return (
    <Card title={t("mail.test.title")} testId="mail-test">
      <ApiForm form={form} data-testid="mail-test-form">
        <Field label={t("mail.test.to")} error={form.errors.to}>
          <Input {...form.field("to")} dir="ltr" type="email" data-testid="mail-test-to" />
        </Field>
        <div>
          <SubmitButton pendingLabel={t("mail.test.sending")} data-testid="mail-test-send">
            {t("mail.test.send")}
          </SubmitButton>
        </div>
      </ApiForm>
    </Card>
  );
}
