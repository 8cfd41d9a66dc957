import { commitTexts } from "~/builds/builds.server";
import { diffQuery } from "~/builds/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { ServiceError } from "~/lib/service-error";

/** GET /api/builds/diff?commitId=: the texts a commit's diff compares (before: what is or was published). */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const { commitId } = ctx.query(diffQuery);
      if (!commitId) throw new ServiceError(400, "api.missingFields", { vars: { fields: "commitId" } });
      return json(await commitTexts(await getDb(), commitId));
    },
  },
  { needs: "builds.read", failure: "builds.loadFailed" },
);
export const action = loader;
