import { requireApiPermission } from "~/auth/current-user.server";
import { moderationList } from "~/comments/comments.server";
import { commentStatusSchema } from "~/comments/schema";
import { getDb } from "~/db/client.server";
import { handleApi } from "~/lib/api.server";
import { json, jsonError } from "~/lib/http.server";
import type { Route } from "./+types/all";

/** GET /api/comments/all?status=pending&page=1: the moderation queue (comments.edit). */
export function loader({ request }: Route.LoaderArgs) {
  return handleApi(request, async (ctx) => {
    await requireApiPermission(ctx, "comments.edit", ctx.t("comments.forbiddenEdit"));
    const url = new URL(request.url);
    const status = commentStatusSchema.safeParse(url.searchParams.get("status") ?? "pending");
    if (!status.success) return jsonError(400, ctx.t("comments.invalidStatus"));
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const pageSize = Math.min(100, Math.max(1, Number(url.searchParams.get("pageSize")) || 20));
    return json(await moderationList(await getDb(), { status: status.data, page, pageSize }));
  });
}
