import { listCategories } from "~/content/categories.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/categories/all: the categories in their order, with their names and item counts. */
export const loader = apiRoute(
  { GET: async () => json(await listCategories(await getDb())) },
  { needs: "dashboard.read", forbidden: "items.forbiddenViewCategories" },
);
export const action = loader;
