import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { setSiteIcon } from "~/media/icons.server";

/**
 * PUT /api/settings/icon: the site icon's source image, its bytes as the body (at least 512 × 512). DELETE puts
 * the bundled icon back. Both need settings.edit.
 */
export const loader = apiRoute(
  {
    PUT: async (ctx) => {
      await setSiteIcon(await getDb(), new Uint8Array(await ctx.request.arrayBuffer()), { userId: ctx.user.id });
      return json({ message: ctx.t("media.icon.saved") });
    },
    DELETE: async (ctx) => {
      await setSiteIcon(await getDb(), null, { userId: ctx.user.id });
      return json({ message: ctx.t("media.icon.resetDone") });
    },
  },
  { needs: "settings.edit", failure: "media.icon.failed" },
);
export const action = loader;
