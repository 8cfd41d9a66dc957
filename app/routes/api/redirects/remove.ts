import { removeRedirect } from "~/content/redirects.server";
import { removeRedirectSchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/redirects/remove { id }: its old address answers as if it had none (builds.push). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      await removeRedirect(await getDb(), (await ctx.body(removeRedirectSchema)).id);
      return json({ message: ctx.t("items.redirects.removed") });
    },
  },
  { needs: "builds.push", failure: "items.redirects.removeFailed" },
);
export const action = loader;
