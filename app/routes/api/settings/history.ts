import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { settingsHistoryQuery } from "~/settings/schema";
import { settingsHistoryPage } from "~/settings/settings.server";

/** GET /api/settings/history?page=: one page of the settings' change history, newest first. */
export const loader = apiRoute(
  {
    GET: async (ctx) => json(await settingsHistoryPage(await getDb(), ctx.query(settingsHistoryQuery).page)),
  },
  { needs: "dashboard.read", failure: "settings.loadHistoryFailed", forbidden: "settings.forbiddenView" },
);
export const action = loader;
