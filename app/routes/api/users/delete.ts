import { userIdSchema } from "~/auth/schema";
import { deleteUser } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/users/delete { userId }: deletes an account; its comments stay, attributed to a deleted account. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      await deleteUser(await getDb(), ctx.user, (await ctx.body(userIdSchema)).userId);
      return json({ message: ctx.t("manage.userDeleted") });
    },
  },
  { needs: "users.manage", failure: "manage.deleteUserFailed" },
);
export const action = loader;
