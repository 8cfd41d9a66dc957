import { deleteRole } from "~/auth/roles.server";
import { roleIdSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/roles/delete { roleId }: deletes a role made in the dashboard; its holders lose it. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      await deleteRole(await getDb(), ctx.user, (await ctx.body(roleIdSchema)).roleId);
      return json({ message: ctx.t("manage.roleDeleted") });
    },
  },
  { needs: "users.manage", failure: "manage.deleteRoleFailed" },
);
export const action = loader;
