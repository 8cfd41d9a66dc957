import { userIdSchema } from "~/auth/schema";
import { endUserSessions } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/users/end-sessions { userId }: signs an account out everywhere (one's own: all but this session). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const ended = await endUserSessions(await getDb(), ctx.user, (await ctx.body(userIdSchema)).userId);
      return json({ message: ctx.t("manage.sessionsEnded", { count: ended }), ended });
    },
  },
  { needs: "users.manage", failure: "manage.endSessionsFailed" },
);
export const action = loader;
