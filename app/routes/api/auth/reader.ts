import { currentUser, sessionUserPart } from "~/auth/current-user.server";
import { hasSessionHint } from "~/auth/session-hint";
import { clearSessionCookie, sessionTokenOf } from "~/auth/sessions.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * GET: who the reader is, for the parts of a shared document that are theirs (app/auth/session-user.ts):
 * `{ user }`, null without a live session. For this reader only: never stored by any cache. A session cookie
 * that names no live session (expired, ended elsewhere) is cleared, and its hint with it (server/session-hint.ts),
 * so the browser's next pages do not ask again.
 */
export const loader = apiRoute({
  GET: async ({ request }) => {
    // A failure to look the session up is an error, never "signed out": that would clear a live session.
    const found = await currentUser(request);
    const user = found && sessionUserPart(found);
    const headers = new Headers({ "Cache-Control": "private, no-store" });
    const stale = sessionTokenOf(request) || hasSessionHint(request.headers.get("cookie"));
    if (!user && stale) headers.append("Set-Cookie", clearSessionCookie(request));
    return json({ user }, { headers });
  },
});
export const action = loader;
