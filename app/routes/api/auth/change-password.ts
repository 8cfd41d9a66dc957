import { changePassword } from "~/auth/account.server";
import { requireApiUser } from "~/auth/current-user.server";
import { changePasswordSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** PUT /api/auth/change-password: every other session of the account ends. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const user = await requireApiUser(ctx);
      await changePassword(await getDb(), user, await ctx.body(changePasswordSchema));
      return json({ message: ctx.t("auth.passwordChanged") });
    },
  },
  { failure: "auth.changePasswordFailed" },
);
export const action = loader;
