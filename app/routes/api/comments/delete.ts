import { currentUser } from "~/auth/current-user.server";
import { deleteComment } from "~/comments/author-changes.server";
import { deleteCommentSchema } from "~/comments/schema";
import { refuseCommentFlood } from "~/comments/submit.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";

/** POST /api/comments/delete { id, event? }: its author deletes it, within the edit window. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const input = await ctx.body(deleteCommentSchema);
      const db = await getDb();
      const user = await currentUser(ctx.request);
      await refuseCommentFlood(db, user, ctx.ip);
      await deleteComment(db, input.id, { event: input.event }, { user, origin: siteOrigin(ctx.request) });
      return json({ message: ctx.t("comments.deleted"), id: input.id });
    },
  },
  { failure: "comments.failedDelete" },
);
export const action = loader;
