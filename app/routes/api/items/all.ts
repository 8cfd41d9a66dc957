import { listItemsWithChanges } from "~/builds/pending-items.server";
import { itemListQuery } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { getAppConfig } from "~/settings/app-config.server";

/**
 * GET /api/items/all?q=&locale=&category=&status=&translation=&sort=&page=&pageSize=: one page of content items,
 * drafts too, with category names in the caller's language, each marked with the open build's change to it
 * (`pending`), and the pages the open build creates (`created`, on the first page).
 */
export const loader = apiRoute(
  {
    GET: async (ctx) =>
      json(await listItemsWithChanges(await getDb(), await getAppConfig(), ctx.query(itemListQuery), ctx.locale)),
  },
  { needs: "dashboard.read", failure: "items.loadFailed", forbidden: "items.forbiddenView" },
);
export const action = loader;
