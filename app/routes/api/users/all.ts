import { userListQuery } from "~/auth/schema";
import { listUsers } from "~/auth/user-admin.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/users/all?q=&page=&pageSize=: one page of accounts. */
export const loader = apiRoute(
  { GET: async (ctx) => json(await listUsers(await getDb(), ctx.query(userListQuery))) },
  { needs: "dashboard.read", failure: "manage.loadUsersFailed" },
);
export const action = loader;
