import { moderationList } from "~/comments/comments.server";
import { moderationQuery } from "~/comments/schema";
import { getDb } from "~/db/client.server";
import { apiRoute } from "~/edge/api-route.server";
import { json } from "~/lib/http.server";

/** GET /api/comments/all?status=pending&page=1&pageSize=20: the moderation queue. */
export const loader = apiRoute(
  { GET: async (ctx) => json(await moderationList(await getDb(), ctx.query(moderationQuery))) },
  { needs: "comments.edit", failure: "comments.failedLoad" },
);
export const action = loader;
