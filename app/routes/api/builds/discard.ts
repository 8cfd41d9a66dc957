import { discardCommit } from "~/builds/builds.server";
import { discardSchema } from "~/builds/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/builds/discard { commitId }: takes a commit out of the open build. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const { commitId } = await ctx.body(discardSchema);
      await discardCommit(await getDb(), ctx.user, commitId);
      return json({ message: ctx.t("builds.discarded"), commitId });
    },
  },
  { needs: "commit.create", failure: "builds.discardFailed" },
);
export const action = loader;
