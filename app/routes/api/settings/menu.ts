import { requirePermission } from "~/auth/current-user.server";
import { saveMenu } from "~/content/menu.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { saveMenuSchema } from "~/settings/schema";

/**
 * PUT /api/settings/menu { version, menu }: the header menu, whole, in its order (settings.edit). Refused with
 * 409 when someone else changed the menu since `version`, 422 when an internal target does not exist.
 */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      requirePermission(ctx.user, "settings.edit");
      const result = await saveMenu(await getDb(), ctx.user, await ctx.body(saveMenuSchema));
      return json({
        message: ctx.t(result.changed ? "settings.menu.saved" : "settings.menu.unchanged"),
        version: result.version,
        menu: result.menu,
      });
    },
  },
  { needs: "dashboard.read", failure: "settings.menu.saveFailed", forbidden: "settings.forbiddenView" },
);
export const action = loader;
