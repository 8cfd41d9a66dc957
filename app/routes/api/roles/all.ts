import { listPermissions, listRoles } from "~/auth/roles.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/roles/all: every role with its permissions and member count, and the permission catalogue. */
export const loader = apiRoute(
  {
    GET: async () => {
      const db = await getDb();
      const [roles, permissions] = await Promise.all([listRoles(db), listPermissions(db)]);
      return json({ roles, permissions });
    },
  },
  { needs: "dashboard.read", forbidden: "manage.forbiddenViewRoles" },
);
export const action = loader;
