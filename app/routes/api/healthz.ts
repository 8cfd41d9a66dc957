import { databaseHealth } from "~/db/health.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /healthz: liveness and database reachability, for load balancers; answers before installation too. */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const database = await databaseHealth();
      return database.reachable
        ? json({ status: "ok", database })
        : json({ status: "error", database, message: ctx.t("api.databaseUnreachable") }, 503);
    },
  },
  { gate: "always" },
);
export const action = loader;
