import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { routeReport } from "~/traffic/analysis.server";
import { routeQuery } from "~/traffic/schema";

/** GET /api/analysis/route?pageRoute=/en/notes/x&startDate=&endDate=: views and visitors of one page per day. */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const { pageRoute, ...range } = ctx.query(routeQuery);
      return json(await routeReport(await getDb(), pageRoute, range));
    },
  },
  { needs: "dashboard.read", failure: "traffic.loadFailed", forbidden: "traffic.forbiddenView" },
);
export const action = loader;
