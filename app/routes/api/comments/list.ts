import { currentUser } from "~/auth/current-user.server";
import { answerCommentErrors } from "~/comments/api.server";
import { pageComments } from "~/comments/comments.server";
import { getDb } from "~/db/client.server";
import { handleApi } from "~/lib/api.server";
import { json, jsonError } from "~/lib/http.server";
import type { Route } from "./+types/list";

/** GET /api/comments?routePath=&page=: a page's comments for readers (and the signed-in author's pending ones). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, (ctx) =>
    answerCommentErrors(ctx, async () => {
      const url = new URL(request.url);
      const routePath = url.searchParams.get("routePath");
      if (!routePath?.startsWith("/")) return jsonError(400, ctx.t("api.missingFields", { fields: "routePath" }));
      const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
      const user = await currentUser(request);
      const result = await pageComments(await getDb(), routePath, { userId: user?.id ?? null, pub: null }, { page });
      return json(result);
    }),
  );
}
