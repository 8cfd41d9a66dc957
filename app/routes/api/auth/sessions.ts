import { destroyOtherSessions } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** DELETE /api/auth/sessions: signs the account out of every other browser. */
export const loader = apiRoute(
  {
    DELETE: async ({ user, t }) => {
      await destroyOtherSessions(await getDb(), user.id, user.sessionId);
      return json({ message: t("auth.otherSessionsEnded") });
    },
  },
  { needs: "user" },
);
export const action = loader;
