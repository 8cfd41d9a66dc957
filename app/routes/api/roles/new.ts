import { requireApiPermission } from "~/auth/current-user.server";
import { createRole } from "~/auth/roles.server";
import { newRoleSchema } from "~/auth/schema";
import { getDb } from "~/db/client.server";
import { parseBody, readJson } from "~/lib/api.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/roles/new: a role made only of permissions the caller holds (users.manage). */
const route = apiRoute(
  {
    POST: async (ctx) => {
      const actor = await requireApiPermission(ctx, "users.manage", ctx.t("manage.forbiddenManage"));
      const input = parseBody(ctx, newRoleSchema, await readJson(ctx));
      const role = await createRole(await getDb(), actor, input);
      return json({ message: ctx.t("manage.roleAdded"), role }, 201);
    },
  },
  { failure: "manage.addRoleFailed" },
);
export const loader = route.loader;
export const action = route.action;
