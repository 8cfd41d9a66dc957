import { requireApiPermission } from "~/auth/current-user.server";
import { listPermissions, listRoles } from "~/auth/roles.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/roles/all: every role with its permissions and member count, and the permission catalogue. */
const route = apiRoute({
  GET: async (ctx) => {
    await requireApiPermission(ctx, "dashboard.read", ctx.t("manage.forbiddenView"));
    const db = await getDb();
    const [roles, permissions] = await Promise.all([listRoles(db), listPermissions(db)]);
    return json({ roles, permissions });
  },
});
export const loader = route.loader;
export const action = route.action;
