import { renameCategory } from "~/content/categories.server";
import { renameCategorySchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** PUT /api/categories/update { slug, nameFa, nameEn }: new names for a category (settings.edit). */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      const category = await renameCategory(await getDb(), ctx.user, await ctx.body(renameCategorySchema));
      return json({ message: ctx.t("items.category.renamed"), category });
    },
  },
  { needs: "settings.edit", failure: "items.category.renameFailed" },
);
export const action = loader;
