import { requireApiPermission } from "~/auth/current-user.server";
import { addRolesToUser } from "~/auth/roles.server";
import { userRolesSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/roles/add-user: gives an account more roles (users.manage; only roles made of permissions the caller
 * holds; never the last holder of users.manage).
 */
const route = apiRoute(
  {
    POST: async (ctx) => {
      const actor = await requireApiPermission(ctx, "users.manage", ctx.t("manage.forbiddenManage"));
      const input = parseBody(ctx, userRolesSchema, await readJson(ctx));
      const changes = await addRolesToUser(await getDb(), actor, input.userId, input.roleIds);
      return json({ message: ctx.t("manage.rolesAdded"), ...changes });
    },
  },
  { failure: "manage.addRolesFailed" },
);
export const loader = route.loader;
export const action = route.action;
