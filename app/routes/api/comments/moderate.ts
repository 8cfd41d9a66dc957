import { moderate } from "~/comments/comments.server";
import { moderateSchema } from "~/comments/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";

/** POST /api/comments/moderate { id | ids, newStatus, seen?: { [id]: editedAt | null } }. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const input = await ctx.body(moderateSchema);
      const ids = input.ids ?? [input.id];
      const pages = await moderate(await getDb(), ids, input.newStatus, siteOrigin(ctx.request), input.seen);
      return json({ message: ctx.t("comments.statusUpdated"), ids, status: input.newStatus, pages });
    },
  },
  { needs: "comments.edit", failure: "comments.failedUpdate" },
);
export const action = loader;
