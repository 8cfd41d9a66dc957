import { accountOf, requireApiPermission } from "~/auth/current-user.server";
import { newUserSchema } from "~/auth/schema";
import { addUser } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/users/new: an administrator adds an account (users.manage, and only roles they may give). */
const route = apiRoute(
  {
    POST: async (ctx) => {
      const actor = await requireApiPermission(ctx, "users.manage", ctx.t("manage.forbiddenManage"));
      const input = parseBody(ctx, newUserSchema, await readJson(ctx));
      const db = await getDb();
      const user = await addUser(db, actor, input);
      const created = await accountOf(db, user.id);
      if (!created) throw new Error("the new user vanished");
      return json({ message: ctx.t("manage.userAdded"), user: created }, 201);
    },
  },
  { failure: "manage.addUserFailed" },
);
export const loader = route.loader;
export const action = route.action;
