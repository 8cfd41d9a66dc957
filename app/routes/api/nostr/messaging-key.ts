import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { requireRecentProof } from "~/auth/recent-proof.server";
import { requireKeyProof } from "~/keys/key-proof.server";
import { messagingKeyOf, saveMessagingKey } from "~/nostr/messaging-key.server";
import { messagingKeySchema } from "~/nostr/schema";

/**
 * GET /api/nostr/messaging-key: the caller's own messaging key (its public key and encrypted secret), or null.
 * POST { pubkey, ncryptsec, proof, replaces? }: makes it, once the session proved its owner recently (whoever
 * sets the key decides who reads the messages that follow); 201 when this one was kept, 200 with the key
 * another tab or instance made first, to adopt.
 */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const key = await messagingKeyOf(await getDb(), ctx.user.id);
      return json({ key });
    },
    POST: async (ctx) => {
      const input = await ctx.body(messagingKeySchema);
      requireKeyProof(input.proof, { pub: input.pubkey, request: ctx.request, action: "messaging" });
      const db = await getDb();
      await requireRecentProof(db, ctx.user);
      const { key, created } = await saveMessagingKey(db, ctx.user.id, input);
      return json(
        { message: ctx.t(created ? "nostr.messaging.created" : "nostr.messaging.adopted"), key, created },
        created ? 201 : 200,
      );
    },
  },
  { needs: "user", failure: "nostr.messaging.failed" },
);
export const action = loader;
