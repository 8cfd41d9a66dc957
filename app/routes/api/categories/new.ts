import { addCategory } from "~/content/categories.server";
import { newCategorySchema } from "~/content/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** POST /api/categories/new { slug, nameFa, nameEn }: a category at the end of the menus (settings.edit). */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const category = await addCategory(await getDb(), ctx.user, await ctx.body(newCategorySchema));
      return json({ message: ctx.t("items.category.added"), category }, 201);
    },
  },
  { needs: "settings.edit", failure: "items.category.addFailed" },
);
export const action = loader;
