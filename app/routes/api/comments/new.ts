import { currentUser } from "~/auth/current-user.server";
import { newCommentSchema } from "~/comments/schema";
import { pageAuthorTest } from "~/comments/comments.server";
import { submitComment } from "~/comments/submit.server";
import { renderCommentHtml } from "~/content/markdown/comment-markdown.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";

/**
 * POST /api/comments/new { routePath, commentBody, parentId?, event?, website? }. Anonymous visitors send their
 * browser's display name in X-Display-Name.
 */
export const loader = apiRoute(
  {
    POST: async (ctx) => {
      const input = await ctx.body(newCommentSchema);
      const db = await getDb();
      const user = await currentUser(ctx.request);
      const result = await submitComment(db, input, {
        user,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        displayName: ctx.request.headers.get("x-display-name"),
        origin: siteOrigin(ctx.request),
      });
      if (result.discarded) return json({ message: ctx.t("comments.postedPending"), status: "pending" }, 201);
      const { id, status, routePath, createdAt, parentId, body, userId, eventId } = result.comment;
      const message = status === "approved" ? ctx.t("comments.posted") : ctx.t("comments.postedPending");
      const comment = {
        id,
        status,
        routePath,
        // A reply to a reply joins the thread of the comment that started it.
        parentId,
        html: renderCommentHtml(body),
        eventId: userId === null ? eventId : null,
        byPageAuthor: (await pageAuthorTest(db, routePath))({
          userId,
          userName: user?.userName ?? null,
          displayName: user?.displayName ?? null,
        }),
        createdAt: createdAt.toISOString(),
      };
      return json({ message, comment }, 201);
    },
  },
  { failure: "comments.failedPost" },
);
export const action = loader;
