import { Link, useLoaderData } from "react-router";
import { getDb } from "~/db/client.server";
import { guardedPage } from "~/edge/guarded-page.server";
import { guardedHeaders, privatePageMeta } from "~/edge/guarded-page";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { recentMail } from "~/mail/outbox.server";
import { readSmtpSettings, smtpView } from "~/mail/smtp-settings.server";
import { MailSettingsPanel, TestMessageForm } from "~/mail/ui/mail-settings-panel";
import { OutboxList } from "~/mail/ui/outbox-list";
import type { Route } from "./+types/settings-email";

/**
 * /manage/settings/email: the SMTP server, a test message and the outbox's recent messages. Seeing the server
 * needs dashboard.read; the messages (addresses) and every change need settings.edit, checked again by the API.
 * The password never leaves the server: the page only says whether one is stored.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return guardedPage(
    request,
    { needs: "dashboard.read", messages: ["manage", "settings", "mail", "validation"], title: "mail.title" },
    async ({ user }) => {
      const db = await getDb();
      const canEdit = user.permissions.includes("settings.edit");
      const [settings, outbox] = await Promise.all([
        readSmtpSettings(db),
        canEdit ? recentMail(db) : Promise.resolve([]),
      ]);
      return { settings: smtpView(settings), outbox, canEdit, ownAddress: user.email ?? "" };
    },
  );
}

export const headers = guardedHeaders;

export const meta = privatePageMeta;

export default function ManageEmail() {
  const t = useT();
  const locale = useLocale();
  const { settings, outbox, canEdit, ownAddress } = useLoaderData<typeof loader>();
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-email">
      <header className="grid gap-1">
        <Link to={localizePath("/manage/settings", locale)} className="text-sm text-muted-foreground underline">
          {t("settings.title")}
        </Link>
        <h1 className="text-3xl font-black tracking-tight">{t("mail.title")}</h1>
        <p className="text-muted-foreground">{t("mail.description")}</p>
      </header>
      <MailSettingsPanel key={JSON.stringify(settings)} settings={settings} canEdit={canEdit} />
      {canEdit ? <TestMessageForm to={ownAddress} /> : null}
      {canEdit ? (
        <Link
          to={localizePath("/manage/newsletter", locale)}
          className="text-sm underline"
          data-testid="newsletter-link"
        >
          {t("mail.newsletter.link")}
        </Link>
      ) : null}
      {canEdit ? <OutboxList entries={outbox} /> : null}
    </section>
  );
}
