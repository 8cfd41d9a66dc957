import { confirmAddress } from "~/auth/email-address.server";
import { confirmEmailSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { linkContext } from "./link-context.server";

/** POST /api/auth/confirm-email { token }: the address the link was sent to becomes the account's, confirmed. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { token } = await ctx.body(confirmEmailSchema);
      await confirmAddress(await getDb(), token, await linkContext(ctx));
      return json({ message: ctx.t("auth.email.confirmedMessage") });
    },
  },
  { failure: "auth.email.confirmFailed" },
);
export const action = loader;
