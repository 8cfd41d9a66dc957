import { requireApiPermission } from "~/auth/current-user.server";
import { answerCommentErrors } from "~/comments/api.server";
import { canonicalRoutePath, moderate } from "~/comments/comments.server";
import { contentChanged } from "~/content/changes.server";
import { moderateSchema } from "~/comments/schema";
import { getDb } from "~/db/client.server";
import { methodNotAllowed } from "~/lib/api-route.server";
import { handleApi, parseBody, readJson } from "~/lib/api.server";
import { json, jsonError } from "~/lib/http.server";
import type { Route } from "./+types/moderate";

export const loader = methodNotAllowed;

/** POST /api/comments/moderate { id | ids, newStatus } (comments.edit). */
export function action({ request }: Route.ActionArgs) {
  return handleApi(request, (ctx) =>
    answerCommentErrors(ctx, async () => {
      await requireApiPermission(ctx, "comments.edit", ctx.t("comments.forbiddenEdit"));
      const body = ((await readJson(ctx)) ?? {}) as Record<string, unknown>;
      const missing = [...(body.id === undefined && body.ids === undefined ? ["id"] : []), ...(body.newStatus === undefined ? ["newStatus"] : [])];
      if (missing.length) return jsonError(400, ctx.t("api.missingFields", { fields: missing.join(", ") }));
      const input = parseBody(ctx, moderateSchema, body);
      const ids = input.ids ?? [input.id!];
      const pagesChanged = await moderate(await getDb(), ids, input.newStatus);
      // The pages' comment counts (and their cached documents) change at once.
      contentChanged(pagesChanged.map((routePath) => canonicalRoutePath(routePath)));
      return json({ message: ctx.t("comments.statusUpdated"), ids, status: input.newStatus, pages: pagesChanged });
    }),
  );
}
