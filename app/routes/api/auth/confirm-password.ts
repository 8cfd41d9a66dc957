import { confirmPassword } from "~/auth/recent-proof.server";
import { confirmPasswordSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/auth/confirm-password { password }: linking a key or an account works for ten minutes after it. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { password } = await ctx.body(confirmPasswordSchema);
      await confirmPassword(await getDb(), ctx.user, password);
      return json({ message: ctx.t("auth.proof.confirmed") });
    },
  },
  { needs: "user", failure: "auth.proof.failed" },
);
export const action = loader;
