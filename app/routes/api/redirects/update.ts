import { changeRedirect } from "~/content/redirects.server";
import { changeRedirectSchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/redirects/update { id, from, to }: a redirect's new addresses (builds.push). */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const { id, ...input } = await ctx.body(changeRedirectSchema);
      const redirect = await changeRedirect(await getDb(), ctx.user, id, input);
      return json({ message: ctx.t("items.redirects.changed"), redirect });
    },
  },
  { needs: "builds.push", failure: "items.redirects.saveFailed" },
);
export const action = loader;
