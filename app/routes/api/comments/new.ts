import { currentUser } from "~/auth/current-user.server";
import { answerCommentErrors } from "~/comments/api.server";
import { canonicalRoutePath, commentablePage, postComment } from "~/comments/comments.server";
import { newCommentSchema } from "~/comments/schema";
import { contentChanged } from "~/content/changes.server";
import { verifyCommentEvent } from "~/comments/verify-event.server";
import { hit, type Limit } from "~/auth/rate-limit.server";
import { getDb } from "~/db/client.server";
import { methodNotAllowed } from "~/lib/api-route.server";
import { handleApi, parseBody, readJson } from "~/lib/api.server";
import { json, jsonError } from "~/lib/http.server";
import { siteOrigin } from "~/lib/site-origin.server";
import { requestInfoContext } from "~/request-context";
import { getAppConfig } from "~/settings/app-config.server";
import type { Route } from "./+types/new";

export const loader = methodNotAllowed;

/**
 * POST /api/comments/new { routePath, commentBody, parentId?, event? }. Signed-in users need comments.create;
 * anonymous visitors (when the site allows them) send their comment as a Nostr event signed by their device key.
 */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(request, (ctx) =>
    answerCommentErrors(ctx, async () => {
      const input = parseBody(ctx, newCommentSchema, await readJson(ctx));
      const db = await getDb();
      const config = await getAppConfig();
      const { ip } = context.get(requestInfoContext);
      const user = await currentUser(request);
      // The honeypot: answer as if all went well, store nothing.
      if (input.website) return json({ message: ctx.t("comments.postedPending"), status: "pending" }, 201);
      const moderator = user?.permissions.includes("comments.edit") ?? false;
      if (!moderator) {
        const byAddress = await hit(db, commentLimits.byAddress, ip || "unknown");
        if (!byAddress.allowed) return tooMany(ctx.t("api.tooManyRequests"), byAddress.retryAfter);
      }

      let author;
      let event;
      if (user) {
        if (!user.permissions.includes("comments.create")) return jsonError(403, ctx.t("comments.forbiddenPost"));
        author = { userId: user.id, pub: user.pub, name: user.displayName || user.userName, moderator: user.permissions.includes("comments.edit") };
      } else {
        if (!config.comments.allowAnonymous || input.event === undefined) return jsonError(401, ctx.t("api.unauthorized"));
        await commentablePage(db, input.routePath);
        const pageUrl = siteOrigin(request) + canonicalRoutePath(input.routePath).canonical;
        const verified = verifyCommentEvent(input.event, { body: input.commentBody, pageUrl });
        if (!verified.ok) {
          return jsonError(verified.problem === "timestamp" ? 400 : 401, ctx.t(verified.problem === "timestamp" ? "comments.staleEvent" : "comments.badSignature"));
        }
        event = verified.event;
        author = { userId: null, pub: event.pubkey, name: anonymousName(request), moderator: false };
      }
      if (!moderator) {
        const byAuthor = await hit(db, commentLimits.byAuthor, author.userId !== null ? `user:${author.userId}` : `pub:${author.pub}`);
        if (!byAuthor.allowed) return tooMany(ctx.t("api.tooManyRequests"), byAuthor.retryAfter);
      }

      const comment = await postComment(
        db,
        author,
        {
          routePath: input.routePath,
          body: input.commentBody,
          parentId: input.parentId,
          event: event ?? null,
          ip,
          userAgent: request.headers.get("user-agent"),
        },
        config.comments.moderationWords,
      );
      if (comment.status === "approved") contentChanged([canonicalRoutePath(comment.routePath)]);
      const message = comment.status === "approved" ? ctx.t("comments.posted") : ctx.t("comments.postedPending");
      return json(
        { message, comment: { id: comment.id, status: comment.status, routePath: comment.routePath, createdAt: comment.createdAt.toISOString() } },
        201,
      );
    }),
  );
}

/** Comment limits: per address and per author (account or device key); moderators are not limited. */
const commentLimits = {
  byAddress: { name: "comment-ip", max: 30, windowMs: 10 * 60_000 },
  byAuthor: { name: "comment-author", max: 10, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

function tooMany(message: string, retryAfter: number): Response {
  return json({ message }, { status: 429, headers: { "Retry-After": String(retryAfter) } });
}

/** An anonymous author's name as their browser calls them (its random display name), kept short and plain. */
function anonymousName(request: Request): string {
  const raw = request.headers.get("x-display-name") ?? "";
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not encoded: use as sent.
  }
  return name.replace(/[\p{C}<>]/gu, "").trim().slice(0, 60);
}
