import { hit, refuseOverLimit } from "~/db/rate-limit.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { verifyGistSchema, verifyNameSchema } from "~/nostr/schema";
import { gistProofText, verifyGist, verifyNostrAddress } from "~/nostr/verify-identity.server";

const verifyLimit = { name: "nostr-verify-user", max: 30, windowMs: 10 * 60_000 };

/**
 * POST /api/nostr/verify { identifier, pubkey } (another domain's Nostr address) or { user, gist, pubkey } (a
 * GitHub gist): whether it names, or proves, the key. For members, a few times a minute.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      refuseOverLimit(await hit(await getDb(), verifyLimit, String(ctx.user.id)));
      const raw: unknown = await ctx.request
        .clone()
        .json()
        .catch(() => undefined);
      // A gist proof names its gist; anything else (not an object included) is read as an address to check.
      if (typeof raw === "object" && raw !== null && "gist" in raw) {
        const { user, gist, pubkey } = await ctx.body(verifyGistSchema);
        const verified = await verifyGist(user, gist, pubkey);
        return json({
          verified,
          message: ctx.t(verified ? "nostr.profile.gistVerified" : "nostr.profile.gistNotVerified", { user }),
          proofText: gistProofText(pubkey),
        });
      }
      const { identifier, pubkey } = await ctx.body(verifyNameSchema);
      const verified = await verifyNostrAddress(identifier, pubkey);
      return json({
        verified,
        message: ctx.t(verified ? "nostr.profile.verified" : "nostr.profile.notVerified", { identifier }),
      });
    },
  },
  { needs: "user" },
);
export const action = loader;
