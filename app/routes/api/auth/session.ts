import { accountPart, currentUser } from "~/auth/current-user.server";
import { clearSessionCookie, destroySession } from "~/auth/sessions.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET: the current session as JSON ({} when there is none). DELETE: logs out. */
export const loader = apiRoute({
  GET: async ({ request }) => {
    const user = await currentUser(request).catch(() => null);
    if (!user) return json({});
    return json({ user: accountPart(user), expires: user.sessionExpiresAt.toISOString() });
  },
  DELETE: async ({ request, t }) => {
    await destroySession(await getDb(), request);
    return json({ message: t("auth.loggedOut") }, { headers: { "Set-Cookie": clearSessionCookie(request) } });
  },
});
export const action = loader;
