import { createRole } from "~/auth/roles.server";
import { newRoleSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/roles/new { name, description, permissions }: a role made only of permissions the caller holds. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const role = await createRole(await getDb(), ctx.user, await ctx.body(newRoleSchema));
      return json({ message: ctx.t("manage.roleAdded"), role }, 201);
    },
  },
  { needs: "users.manage", failure: "manage.addRoleFailed" },
);
export const action = loader;
