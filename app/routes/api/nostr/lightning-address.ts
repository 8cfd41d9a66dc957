import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { lightningAddressSchema } from "~/nostr/schema";
import { setLightningAddress } from "~/nostr/zaps.server";

/** PUT /api/nostr/lightning-address { lightningAddress }: the caller's lightning address ("" removes it). */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const { lightningAddress } = await ctx.body(lightningAddressSchema);
      await setLightningAddress(await getDb(), ctx.user.id, lightningAddress || null);
      return json({
        message: ctx.t(lightningAddress ? "nostr.lightning.saved" : "nostr.lightning.removed"),
        lightningAddress: lightningAddress || null,
      });
    },
  },
  { needs: "user" },
);
export const action = loader;
