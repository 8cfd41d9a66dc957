import { listItems } from "~/content/items.server";
import { itemListQuery } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";
import { getAppConfig } from "~/settings/app-config.server";

/**
 * GET /api/items/all?q=&locale=&category=&status=&translation=&sort=&page=&pageSize=: one page of content items,
 * drafts too, with category names in the caller's language.
 */
export const loader = apiRoute(
  {
    GET: async (ctx) =>
      json(await listItems(await getDb(), await getAppConfig(), ctx.query(itemListQuery), ctx.locale)),
  },
  { needs: "dashboard.read", failure: "items.loadFailed" },
);
export const action = loader;
