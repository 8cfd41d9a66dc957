import { changeNoticeSettings, noticeSettings } from "~/auth/notice-preferences.server";
import { noticeSettingsSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * GET /api/users/notifications: which notices the caller gets by e-mail. PUT { moderation?, comments?, inbox? }
 * (booleans): turns them on or off; kinds not sent stay as they are.
 */
export const loader = apiRoute(
  {
    GET: async (ctx) => json({ notifications: await noticeSettings(await getDb(), ctx.user.id) }),
    PUT: async (ctx) => {
      const input = await ctx.body(noticeSettingsSchema);
      const db = await getDb();
      await changeNoticeSettings(db, ctx.user.id, {
        "notify.moderation": input.moderation,
        "notify.comments": input.comments,
        "notify.inbox": input.inbox,
      });
      return json({ message: ctx.t("auth.notices.saved"), notifications: await noticeSettings(db, ctx.user.id) });
    },
  },
  { needs: "user", failure: "auth.notices.failed" },
);
export const action = loader;
