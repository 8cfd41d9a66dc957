import { reorderCategories } from "~/content/categories.server";
import { categoryOrderSchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/categories/order { slugs }: every category, in its new order (settings.edit). */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      await reorderCategories(await getDb(), ctx.user, (await ctx.body(categoryOrderSchema)).slugs);
      return json({ message: ctx.t("items.category.reordered") });
    },
  },
  { needs: "settings.edit", failure: "items.category.reorderFailed" },
);
export const action = loader;
