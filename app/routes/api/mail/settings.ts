import { requirePermission } from "~/auth/current-user.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { smtpSettingsSchema } from "~/mail/schema";
import { readSmtpSettings, saveSmtpSettings, smtpView } from "~/mail/smtp-settings.server";

/** GET/PUT /api/mail/settings: the SMTP server. The password is write-only: never in an answer. */
export const loader = apiRoute(
  {
    GET: async () => json(smtpView(await readSmtpSettings(await getDb()))),
    PUT: async (ctx) => {
      requirePermission(ctx.user, "settings.edit");
      const saved = await saveSmtpSettings(await getDb(), await ctx.body(smtpSettingsSchema));
      return json({ message: ctx.t("mail.settings.saved"), settings: smtpView(saved) });
    },
  },
  { needs: "dashboard.read", failure: "mail.settings.saveFailed" },
);
export const action = loader;
