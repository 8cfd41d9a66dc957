import { createRedirect } from "~/content/redirects.server";
import { newRedirectSchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/redirects/new { from, to }: a manual redirect, live at once (builds.push: it changes the site). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const redirect = await createRedirect(await getDb(), ctx.user, await ctx.body(newRedirectSchema));
      return json({ message: ctx.t("items.redirects.added"), redirect }, 201);
    },
  },
  { needs: "builds.push", failure: "items.redirects.saveFailed" },
);
export const action = loader;
