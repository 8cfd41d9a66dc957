import { confirmSecondFactor } from "~/auth/second-factor.server";
import { secondFactorCodeSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/auth/second-factor/confirm { code }: the second factor, for sensitive changes in the next ten minutes. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { code } = await ctx.body(secondFactorCodeSchema);
      await confirmSecondFactor(await getDb(), ctx.user, code);
      return json({ message: ctx.t("auth.secondFactor.confirmed") });
    },
  },
  { needs: "user", failure: "auth.secondFactor.failed" },
);
export const action = loader;
