import { sessionUserOf } from "~/auth/current-user.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * GET: who the reader is, for the parts of a shared document that are theirs (app/auth/session-user.ts):
 * `{ user }`, null without a live session. For this reader only: never stored by any cache.
 */
export const loader = apiRoute({
  GET: async ({ request }) =>
    json({ user: await sessionUserOf(request) }, { headers: { "Cache-Control": "private, no-store" } }),
});
export const action = loader;
