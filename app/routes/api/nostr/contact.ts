import { config } from "~/config.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { siteOwner } from "~/auth/member-keys.server";
import { relayUrlOf } from "~/nostr/names.server";

/**
 * GET /api/nostr/contact: whom the contact page's messages go to (the site owner's name and key, as they are
 * now), the relay they go through, and the proof of work it asks of people who are not members. Not part of
 * the cached page: the owner's key changes as they sign in.
 */
export const loader = apiRoute({
  GET: async (ctx) => {
    const owner = await siteOwner(await getDb());
    return json(
      {
        owner: owner?.pubkey ? { name: owner.displayName, pubkey: owner.pubkey } : null,
        relayUrl: relayUrlOf(siteOrigin(ctx.request)),
        powDifficulty: config().relayPowDifficulty,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  },
});
export const action = loader;
