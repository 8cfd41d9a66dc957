import { resetPassword } from "~/auth/password-reset.server";
import { resetPasswordSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { signedInAnswer } from "./signed-in.server";

/** POST /api/auth/reset-password { token, password }: the new password; every session ends and this one starts. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const outcome = await resetPassword(db, await ctx.body(resetPasswordSchema), ctx.request, ctx);
      return signedInAnswer(ctx, db, outcome, "auth.reset.done");
    },
  },
  { failure: "auth.reset.failed" },
);
export const action = loader;
