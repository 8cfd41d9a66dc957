import { requestAddressChange } from "~/auth/email-address.server";
import { changeEmailSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { linkContext } from "../auth/link-context.server";

/** POST /api/users/email { email }: a confirmation link to the member's new address (theirs once confirmed). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { email } = await ctx.body(changeEmailSchema);
      await requestAddressChange(await getDb(), ctx.user.id, email, await linkContext(ctx));
      return json({ message: ctx.t("auth.email.sent", { email }) });
    },
  },
  { needs: "user", failure: "auth.email.failed" },
);
export const action = loader;
