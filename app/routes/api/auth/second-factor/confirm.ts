import { confirmSecondFactor } from "~/auth/second-factor.server";
import { secondFactorProofSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/auth/second-factor/confirm { code } | { passkey }: the second factor, for sensitive changes in the
 * next ten minutes.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const body = await ctx.body(secondFactorProofSchema);
      const proof = "passkey" in body ? { passkey: body.passkey } : body;
      await confirmSecondFactor(await getDb(), ctx.user, proof, ctx.request);
      return json({ message: ctx.t("auth.secondFactor.confirmed") });
    },
  },
  { needs: "user", failure: "auth.secondFactor.failed" },
);
export const action = loader;
