import { useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Card } from "~/ui/card";
import { SwitchField } from "~/ui/switch-field";
import { useApiForm } from "~/ui/use-api-form";
import { noticeSettingsFormSchema, type NoticeKind } from "../schema";

/**
 * The member's e-mail notifications on their profile: one switch per kind (moderation only for those who
 * moderate). Without a confirmed address nothing is sent, and the card says so.
 */
export function NoticesCard({
  settings,
  kinds,
  confirmed,
}: {
  settings: Record<NoticeKind, boolean>;
  kinds: readonly NoticeKind[];
  confirmed: boolean;
}) {
  const t = useT();
  const form = useApiForm({
    schema: noticeSettingsFormSchema,
    path: "/api/users/notifications",
    method: "PUT",
    initial: Object.fromEntries(kinds.map((kind) => [kind, settings[kind] ? ["on"] : []])),
    revalidate: false,
  });
  return (
    <Card title={t("auth.notices.title")} description={t("auth.notices.description")} testId="notices-card">
      {confirmed ? null : <p className="text-sm text-muted-foreground">{t("auth.notices.noAddress")}</p>}
      <ApiForm form={form} data-testid="notices-form">
        {kinds.map((kind) => (
          <SwitchField
            key={kind}
            label={t(`auth.notices.notify.${kind}`)}
            field={form.list(kind)}
            testId={`notice-${kind}`}
          />
        ))}
        <div>
          <SubmitButton pendingLabel={t("auth.notices.saving")} data-testid="notices-submit">
            {t("auth.notices.save")}
          </SubmitButton>
        </div>
      </ApiForm>
    </Card>
  );
}
