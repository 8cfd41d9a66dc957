import { currentUser } from "~/auth/current-user.server";
import { editComment } from "~/comments/author-changes.server";
import { editCommentSchema } from "~/comments/schema";
import { refuseCommentFlood } from "~/comments/submit.server";
import { renderCommentHtml } from "~/content/markdown/comment-markdown.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { getAppConfig } from "~/settings/app-config.server";

/** POST /api/comments/edit { id, commentBody, event? }: its author's new text, within the edit window. */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const input = await ctx.body(editCommentSchema);
      const db = await getDb();
      const user = await currentUser(ctx.request);
      await refuseCommentFlood(db, user, ctx.ip);
      const { comments: settings } = await getAppConfig();
      const row = await editComment(
        db,
        input.id,
        { body: input.commentBody, event: input.event },
        { user, origin: siteOrigin(ctx.request) },
        settings,
      );
      const message = row.status === "approved" ? ctx.t("comments.edited") : ctx.t("comments.editedPending");
      return json({
        message,
        comment: {
          id: row.id,
          status: row.status,
          body: row.body,
          html: renderCommentHtml(row.body),
          eventId: row.userId === null ? row.eventId : null,
          editedAt: row.editedAt?.toISOString() ?? null,
        },
      });
    },
  },
  { failure: "comments.failedEdit" },
);
export const action = loader;
