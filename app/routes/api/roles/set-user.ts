import { requireApiPermission } from "~/auth/current-user.server";
import { setRolesOfUser } from "~/auth/roles.server";
import { userRolesSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/**
 * PUT /api/roles/set-user: makes the given roles exactly the roles of an account (users.manage; only roles made of permissions the caller
 * holds; never the last holder of users.manage).
 */
const route = apiRoute(
  {
    PUT: async (ctx) => {
      const actor = await requireApiPermission(ctx, "users.manage", ctx.t("manage.forbiddenManage"));
      const input = parseBody(ctx, userRolesSchema, await readJson(ctx));
      const changes = await setRolesOfUser(await getDb(), actor, input.userId, input.roleIds);
      return json({ message: ctx.t("manage.rolesUpdated"), ...changes });
    },
  },
  { failure: "manage.updateRolesFailed" },
);
export const loader = route.loader;
export const action = route.action;
