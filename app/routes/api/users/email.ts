import { requestAddressChange } from "~/auth/email-address.server";
import { requireRecentProof } from "~/auth/recent-proof.server";
import { changeEmailSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { linkContext } from "../auth/link-context.server";

/**
 * POST /api/users/email { email }: a confirmation link to the member's new address (theirs once confirmed). A
 * confirmed address lets its holder choose a new password, so changing it needs the recent proof linking a key
 * does; sending the link again to the member's own unconfirmed address does not (it adds nothing).
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { email } = await ctx.body(changeEmailSchema);
      const db = await getDb();
      await requestAddressChange(db, ctx.user.id, email, await linkContext(ctx), () =>
        requireRecentProof(db, ctx.user, {
          passwordNeeded: "auth.email.proofNeeded",
          signInAgain: "auth.email.signInAgain",
        }),
      );
      return json({ message: ctx.t("auth.email.sent", { email }) });
    },
  },
  { needs: "user", failure: "auth.email.failed" },
);
export const action = loader;
