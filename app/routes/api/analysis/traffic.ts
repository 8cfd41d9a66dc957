import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { trafficReport } from "~/traffic/analysis.server";
import { trafficQuery } from "~/traffic/schema";

/**
 * GET /api/analysis/traffic?startDate=YYYY-MM-DD&endDate=YYYY-MM-DD: views and unique visitors per day, and the
 * top pages, referrers, browsers, systems, devices and languages of the range (the last 30 days by default).
 */
export const loader = apiRoute(
  { GET: async (ctx) => json(await trafficReport(await getDb(), ctx.query(trafficQuery))) },
  { needs: "dashboard.read", failure: "traffic.loadFailed", forbidden: "traffic.forbiddenView" },
);
export const action = loader;
