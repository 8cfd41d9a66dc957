import { apiRoute } from "~/edge/api-route.server";
import { accountStatusCall } from "./account-status.server";

/** POST /api/users/enable { userId }: a disabled account can sign in again. */
export const loader = apiRoute(
  { POST: accountStatusCall(false) },
  { needs: "users.manage", failure: "manage.changeStatusFailed" },
);
export const action = loader;
