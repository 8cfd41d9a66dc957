import { currentUser } from "~/auth/current-user.server";
import { pageComments } from "~/comments/comments.server";
import { pageCommentsQuery } from "~/comments/schema";
import type { PublicComment } from "~/comments/types";
import { renderCommentHtml } from "~/content/markdown/comment-markdown.server";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";
import { zappableOwner } from "~/nostr/zaps.server";

/** GET /api/comments?routePath=&page=: a page's comments for readers (and the signed-in author's pending ones). */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const { routePath, page } = ctx.query(pageCommentsQuery);
      const user = await currentUser(ctx.request);
      const db = await getDb();
      const [list, owner] = await Promise.all([
        pageComments(db, routePath, { userId: user?.id ?? null, pub: null }, { page }),
        zappableOwner(db),
      ]);
      const rendered = (c: PublicComment): PublicComment => ({
        ...c,
        html: renderCommentHtml(c.body),
        replies: c.replies.map(rendered),
      });
      // The site's posts are its owner's: a zap for the post goes to them, when they take zaps.
      return json({ ...list, comments: list.comments.map(rendered), zapPostTo: owner });
    },
  },
  { failure: "comments.failedLoad" },
);
export const action = loader;
