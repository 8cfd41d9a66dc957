import { requireApiPermission } from "~/auth/current-user.server";
import { removeRolesFromUser } from "~/auth/roles.server";
import { userRolesSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/roles/remove-user: takes roles from an account (users.manage; only roles made of permissions the caller
 * holds; never the last holder of users.manage).
 */
const route = apiRoute(
  {
    POST: async (ctx) => {
      const actor = await requireApiPermission(ctx, "users.manage", ctx.t("manage.forbiddenManage"));
      const input = parseBody(ctx, userRolesSchema, await readJson(ctx));
      const changes = await removeRolesFromUser(await getDb(), actor, input.userId, input.roleIds);
      return json({ message: ctx.t("manage.rolesRemoved"), ...changes });
    },
  },
  { failure: "manage.updateRolesFailed" },
);
export const loader = route.loader;
export const action = route.action;
