import { changePassword } from "~/auth/account.server";
import { changePasswordSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/auth/change-password { oldPassword, newPassword }: every other session of the account ends. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      await changePassword(await getDb(), ctx.user, await ctx.body(changePasswordSchema));
      return json({ message: ctx.t("auth.passwordChanged") });
    },
  },
  { needs: "user", failure: "auth.changePasswordFailed" },
);
export const action = loader;
