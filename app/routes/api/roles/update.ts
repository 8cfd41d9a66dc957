import { updateRole } from "~/auth/roles.server";
import { updateRoleSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/roles/update { roleId, name, description, permissions }: changes a role for everyone holding it. */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const role = await updateRole(await getDb(), ctx.user, await ctx.body(updateRoleSchema));
      return json({ message: ctx.t("manage.roleUpdated"), role });
    },
  },
  { needs: "users.manage", failure: "manage.updateRoleFailed" },
);
export const action = loader;
