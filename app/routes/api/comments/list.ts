import { currentUser } from "~/auth/current-user.server";
import { pageComments } from "~/comments/comments.server";
import { pageCommentsQuery } from "~/comments/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/lib/api.server";
import { json } from "~/lib/http.server";

/** GET /api/comments?routePath=&page=: a page's comments for readers (and the signed-in author's pending ones). */
export const loader = apiRoute(
  {
    GET: async (ctx) => {
      const { routePath, page } = ctx.query(pageCommentsQuery);
      const user = await currentUser(ctx.request);
      return json(await pageComments(await getDb(), routePath, { userId: user?.id ?? null, pub: null }, { page }));
    },
  },
  { failure: "comments.failedLoad" },
);
export const action = loader;
