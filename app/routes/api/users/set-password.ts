import { setPasswordSchema } from "~/auth/schema";
import { setUserPassword } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/users/set-password { userId, password }: a new password; the account's sessions end. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      await setUserPassword(await getDb(), ctx.user, await ctx.body(setPasswordSchema));
      return json({ message: ctx.t("manage.passwordSet") });
    },
  },
  { needs: "users.manage", failure: "manage.setPasswordFailed" },
);
export const action = loader;
