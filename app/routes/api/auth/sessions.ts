import { requireApiUser } from "~/auth/current-user.server";
import { destroyOtherSessions } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** DELETE /api/auth/sessions: signs the account out of every other browser. */
export const loader = apiRoute({
  DELETE: async (ctx) => {
    const user = await requireApiUser(ctx);
    await destroyOtherSessions(await getDb(), user.id, user.sessionId);
    return json({ message: ctx.t("auth.otherSessionsEnded") });
  },
});
export const action = loader;
