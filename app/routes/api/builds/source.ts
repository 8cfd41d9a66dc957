import { pageSource } from "~/builds/builds.server";
import { getDb } from "~/db/client.server";
import { sourceQuery } from "~/builds/commit-schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/builds/source?locale=&path=: a page's latest text (pending in the open build, else published). */
export const loader = apiRoute(
  { GET: async (ctx) => json(await pageSource(await getDb(), ctx.query(sourceQuery))) },
  { needs: "commit.create" },
);
export const action = loader;
