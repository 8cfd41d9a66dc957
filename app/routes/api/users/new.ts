import { accountOf } from "~/auth/current-user.server";
import { newUserSchema } from "~/auth/schema";
import { addUser } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/users/new: an administrator adds an account, holding only roles they may give. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const db = await getDb();
      const user = await addUser(db, ctx.user, await ctx.body(newUserSchema));
      return json({ message: ctx.t("manage.userAdded"), user: await accountOf(db, user.id) }, 201);
    },
  },
  { needs: "users.manage", failure: "manage.addUserFailed" },
);
export const action = loader;
