import { contentQuery } from "~/content/api.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/content/query?locale=&category=&intro=&sort=&limit=&offset=: published posts. */
export const loader = apiRoute({ GET: contentQuery });
export const action = loader;
