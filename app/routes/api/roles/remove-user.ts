import { userRolesCall } from "./change-roles.server";
import { apiRoute } from "~/edge/api-route.server";

/** POST /api/roles/remove-user { userId, roleIds }: takes roles from an account. */
export const loader = apiRoute(
  { POST: userRolesCall("remove", "manage.rolesRemoved") },
  { needs: "users.manage", failure: "manage.updateRolesFailed" },
);
export const action = loader;
