import { userRolesCall } from "~/auth/roles-api.server";
import { apiRoute } from "~/lib/api.server";

/** PUT /api/roles/set-user { userId, roleIds }: makes these exactly the roles of an account. */
export const loader = apiRoute(
  { PUT: userRolesCall("set", "manage.rolesUpdated") },
  { failure: "manage.updateRolesFailed" },
);
export const action = loader;
