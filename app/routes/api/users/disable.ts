import { apiRoute } from "~/edge/api-route.server";
import { accountStatusCall } from "./account-status.server";

/** POST /api/users/disable { userId }: the account cannot sign in, and its sessions end at once. */
export const loader = apiRoute(
  { POST: accountStatusCall(true) },
  { needs: "users.manage", failure: "manage.changeStatusFailed" },
);
export const action = loader;
