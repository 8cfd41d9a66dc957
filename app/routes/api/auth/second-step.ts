import { accountOf } from "~/auth/current-user.server";
import { finishSecondStep } from "~/auth/account.server";
import { secondFactorProofSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/auth/second-step { code } | { passkey }: the second factor of a sign-in waiting for it (the pending
 * sign-in's cookie names it); the session starts. Nobody is signed in when it is called: the pending cookie is
 * all it has.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const body = await ctx.body(secondFactorProofSchema);
      const proof = "passkey" in body ? { passkey: body.passkey } : body;
      const { user, cookies } = await finishSecondStep(db, proof, ctx.request, ctx);
      const headers = new Headers();
      for (const cookie of cookies) headers.append("Set-Cookie", cookie);
      return json({ message: ctx.t("auth.loginSuccess"), user: await accountOf(db, user.id) }, { headers });
    },
  },
  { failure: "auth.loginFailed" },
);
export const action = loader;
