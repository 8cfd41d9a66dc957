import { beginTotp, enableTotp, removeAuthenticator } from "~/auth/second-factor.server";
import { secondFactorCodeSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { secondFactorRequiredOf } from "~/edge/second-factor-requirement.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";

/**
 * The caller's authenticator app. POST: a new secret to set up (its QR code and text; shown this once);
 * PUT { code }: a code from the app enables it, and the answer holds the new recovery codes (shown this once);
 * DELETE: removes it and the recovery codes (refused when it is the last factor and the owner requires one). Each needs recent proof, the second factor included.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const issuer = new URL(siteOrigin(ctx.request)).host;
      const setup = await beginTotp(await getDb(), ctx.user, issuer);
      return json(setup);
    },
    PUT: async (ctx) => {
      const { code } = await ctx.body(secondFactorCodeSchema);
      const recoveryCodes = await enableTotp(await getDb(), ctx.user, code);
      return json({ message: ctx.t("auth.secondFactor.enabled"), recoveryCodes });
    },
    DELETE: async (ctx) => {
      await removeAuthenticator(await getDb(), ctx.user, { keepOne: await secondFactorRequiredOf(ctx.user) });
      return json({ message: ctx.t("auth.secondFactor.removed") });
    },
  },
  { needs: "user", failure: "auth.secondFactor.failed" },
);
export const action = loader;
