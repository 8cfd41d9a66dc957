import { getDb } from "~/db/client.server";
import { listMedia } from "~/builds/media.server";
import { mediaListQuery } from "~/media/schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/media/all?q=&page=: published media and media waiting in the open build, with where each is used. */
export const loader = apiRoute(
  { GET: async (ctx) => json(await listMedia(await getDb(), ctx.query(mediaListQuery))) },
  { needs: "dashboard.read", forbidden: "media.forbiddenView" },
);
export const action = loader;
