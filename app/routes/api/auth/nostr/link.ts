import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { signedChallengeSchema } from "~/nostr/schema";
import { linkKey, unlinkKey } from "~/nostr/sign-in.server";

/**
 * POST /api/auth/nostr/link { event }: links the key that signed the challenge to the caller's account, once the
 * caller proved being its owner recently (the password, or a fresh sign-in). DELETE: unlinks it (the account
 * keeps its browser keys and password); the key then signs in and signs requests for nobody.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { event } = await ctx.body(signedChallengeSchema);
      const pubkey = await linkKey(await getDb(), ctx.user, event, ctx.request);
      return json({ message: ctx.t("nostr.profile.linkedDone"), pubkey });
    },
    DELETE: async (ctx) => {
      await unlinkKey(await getDb(), ctx.user.id);
      return json({ message: ctx.t("nostr.profile.unlinked") });
    },
  },
  { needs: "user" },
);
export const action = loader;
