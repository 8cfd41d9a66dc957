import { requestPasswordReset } from "~/auth/password-reset.server";
import { forgotPasswordSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { linkContext } from "./link-context.server";

/**
 * POST /api/auth/forgot-password { email }: a reset link to the account holding this confirmed address. The answer
 * is the same, in about the same time, whether or not there is one.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { email } = await ctx.body(forgotPasswordSchema);
      await requestPasswordReset(await getDb(), email, ctx.ip, await linkContext(ctx));
      return json({ message: ctx.t("auth.forgot.sent") });
    },
  },
  { failure: "auth.forgot.failed" },
);
export const action = loader;
