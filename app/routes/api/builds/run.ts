import { runBuild } from "./run-build.server";
import { runSchema } from "~/builds/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/builds/run { buildId }: publishes the open build (every change live at once, then its commit made and
 * pushed), or pushes a failed build again.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { buildId } = await ctx.body(runSchema);
      const result = await runBuild(await getDb(), ctx.user, buildId, ctx.t);
      return json(result, result.status === "published" ? 200 : 202);
    },
  },
  { needs: "builds.push", failure: "builds.pushFailed" },
);
export const action = loader;
