import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { ServiceError } from "~/lib/service-error";
import { composeMessage } from "~/mail/compose.server";
import { queueMail } from "~/mail/outbox.server";
import { testMessageSchema } from "~/mail/schema";
import { mailRoute } from "~/mail/smtp-settings.server";
import { getAppConfig } from "~/settings/app-config.server";

/** POST /api/mail/test { to }: a test message through the outbox, in the caller's language. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { to } = await ctx.body(testMessageSchema);
      const db = await getDb();
      if (!(await mailRoute(db))) throw new ServiceError(409, "mail.test.noServer");
      const siteName = (await getAppConfig()).siteName[ctx.locale];
      const message = await composeMessage(ctx.locale, siteName, { kind: "test" });
      await queueMail(db, { kind: "test", to, locale: ctx.locale, message });
      return json({ message: ctx.t("mail.test.queued") }, 202);
    },
  },
  { needs: "settings.edit", failure: "mail.test.failed" },
);
export const action = loader;
