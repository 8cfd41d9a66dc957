import { removeCategory } from "~/content/categories.server";
import { removeCategorySchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/categories/remove { slug }: removes a category no item uses (settings.edit). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      await removeCategory(await getDb(), ctx.user, (await ctx.body(removeCategorySchema)).slug);
      return json({ message: ctx.t("items.category.removed") });
    },
  },
  { needs: "settings.edit", failure: "items.category.removeFailed" },
);
export const action = loader;
