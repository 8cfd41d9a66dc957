import { requireApiPermission } from "~/auth/current-user.server";
import { userListQuery } from "~/auth/schema";
import { listUsers } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/users/all?q=&page=&pageSize=: one page of accounts (dashboard.read). */
const route = apiRoute(
  {
    GET: async (ctx) => {
      await requireApiPermission(ctx, "dashboard.read", ctx.t("manage.forbiddenView"));
      const params = Object.fromEntries(new URL(ctx.request.url).searchParams);
      return json(await listUsers(await getDb(), userListQuery.parse(params)));
    },
  },
  { failure: "manage.loadUsersFailed" },
);
export const loader = route.loader;
export const action = route.action;
