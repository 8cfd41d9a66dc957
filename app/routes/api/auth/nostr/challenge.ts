import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { newChallenge } from "~/nostr/sign-in.server";

/**
 * GET /api/auth/nostr/challenge: a one-time challenge to sign with a Nostr key (to sign in or link the key),
 * within the caller's address's budget.
 */
export const loader = apiRoute({
  GET: async (ctx) =>
    json({ challenge: await newChallenge(await getDb(), ctx.ip) }, { headers: { "Cache-Control": "no-store" } }),
});
export const action = loader;
