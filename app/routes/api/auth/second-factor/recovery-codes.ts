import { newRecoveryCodes } from "~/auth/second-factor.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/auth/second-factor/recovery-codes: ten new recovery codes (shown this once); the old ones end. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const recoveryCodes = await newRecoveryCodes(await getDb(), ctx.user);
      return json({ message: ctx.t("auth.secondFactor.codesReplaced"), recoveryCodes });
    },
  },
  { needs: "user", failure: "auth.secondFactor.failed" },
);
export const action = loader;
