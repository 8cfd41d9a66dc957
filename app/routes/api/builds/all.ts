import { listBuilds } from "~/builds/builds.server";
import { buildListQuery } from "~/builds/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/builds/all?before=: builds newest first with their commits and pushes, a page at a time. */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const { before } = ctx.query(buildListQuery);
      return json(await listBuilds(await getDb(), { before: before || undefined }));
    },
  },
  { needs: "builds.read", failure: "builds.loadFailed" },
);
export const action = loader;
