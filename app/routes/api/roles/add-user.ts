import { userRolesCall } from "./change-roles.server";
import { apiRoute } from "~/edge/api-route.server";

/** POST /api/roles/add-user { userId, roleIds }: gives an account more roles (those it holds are kept). */
export const loader = apiRoute(
  { POST: userRolesCall("add", "manage.rolesAdded") },
  { needs: "users.manage", failure: "manage.addRolesFailed" },
);
export const action = loader;
