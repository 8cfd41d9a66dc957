import { updateUserSchema } from "~/auth/schema";
import { updateUser } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/users/update { userId, firstName, lastName, about, email }: an administrator edits an account. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      await updateUser(await getDb(), ctx.user, await ctx.body(updateUserSchema));
      return json({ message: ctx.t("manage.userUpdated") });
    },
  },
  { needs: "users.manage", failure: "manage.updateUserFailed" },
);
export const action = loader;
