import { searchCall } from "~/content/api.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/search?q=&locale=&limit=: pages matching the words, best first. */
export const loader = apiRoute({ GET: searchCall });
export const action = loader;
