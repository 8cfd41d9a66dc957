import { userRolesCall } from "./change-roles.server";
import { apiRoute } from "~/edge/api-route.server";

/** PUT /api/roles/set-user { userId, roleIds }: makes these exactly the roles of an account. */
export const loader = apiRoute(
  { PUT: userRolesCall("set", "manage.rolesUpdated") },
  { needs: "users.manage", failure: "manage.updateRolesFailed" },
);
export const action = loader;
