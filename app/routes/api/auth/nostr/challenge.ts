import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { newChallenge } from "~/nostr/sign-in.server";

/** GET /api/auth/nostr/challenge: a one-time challenge to sign with a Nostr key (to sign in or link the key). */
export const loader = apiRoute({
  GET: async () => json({ challenge: await newChallenge(await getDb()) }, { headers: { "Cache-Control": "no-store" } }),
});
export const action = loader;
