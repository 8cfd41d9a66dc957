import { requireApiPermission } from "~/auth/current-user.server";
import { createRole } from "~/auth/roles.server";
import { newRoleSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** POST /api/roles/new: a role made only of permissions the caller holds (users.manage). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const actor = await requireApiPermission(ctx, "users.manage", "manage.forbiddenManage");
      const role = await createRole(await getDb(), actor, await ctx.body(newRoleSchema));
      return json({ message: ctx.t("manage.roleAdded"), role }, 201);
    },
  },
  { failure: "manage.addRoleFailed" },
);
export const action = loader;
