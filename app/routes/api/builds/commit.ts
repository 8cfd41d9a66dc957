import { saveCommit } from "~/builds/builds.server";
import { getDb } from "~/db/client.server";
import { commitSchema } from "~/builds/commit-schema";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/**
 * POST /api/builds/commit: a page saved (or deleted) into the open build. 409 when the page changed since the
 * version the writer started from.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const saved = await saveCommit(await getDb(), ctx.user, await ctx.body(commitSchema), ctx.locale);
      const message = saved.commitId === null ? ctx.t("editor.contentSaved") : ctx.t("editor.commitCreated");
      return json({ message, ...saved }, saved.commitId === null ? 200 : 201);
    },
  },
  { needs: "commit.create", failure: "editor.commitFailed" },
);
export const action = loader;
