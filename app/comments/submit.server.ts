/**
 * A new comment, from whoever sends it: signed-in people need comments.create; anonymous visitors (when the site
 * allows them) send their comment as a Nostr event signed by their device key. Rate limits, the honeypot and
 * the event's checks happen here, before anything is stored.
 */
import type { CurrentUser } from "~/auth/current-user.server";
import { hit, refuseOverLimit, type Limit } from "~/auth/rate-limit.server";
import { changeTransaction } from "~/cluster/change-feed.server";
import type { Database } from "~/db/client.server";
import { ServiceError } from "~/lib/service-error";
import { getAppConfig } from "~/settings/app-config.server";
import {
  canonicalRoutePath,
  commentablePage,
  postComment,
  type Author,
  type CommentRow,
  type PostInput,
} from "./comments.server";
import { syncCommentEvents } from "~/nostr/comment-events.server";
import { relayEventStored } from "~/nostr/relay/relay.server";
import { plainCommentName, type NewCommentInput } from "./schema";
import { verifyCommentEvent } from "./verify-event.server";

/** Who sends the comment, and from where. */
export interface Requester {
  user: CurrentUser | null;
  ip: string;
  userAgent: string | null;
  /** An anonymous visitor's name as their browser calls them (its random display name), URI-encoded or plain. */
  displayName: string | null;
  /** The site's public origin: an anonymous comment's event names its page by absolute URL. */
  origin: string;
}

/** Comment limits: per address and per author (account or device key); moderators are not limited. */
const commentLimits = {
  byAddress: { name: "comment-ip", max: 30, windowMs: 10 * 60_000 },
  byAuthor: { name: "comment-author", max: 10, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * Checks and stores a comment. `discarded`: the honeypot field was filled (a bot), so nothing is stored and the
 * caller answers as if all went well.
 */
export async function submitComment(
  db: Database,
  input: NewCommentInput,
  requester: Requester,
): Promise<{ discarded: true } | { discarded: false; comment: CommentRow }> {
  if (input.website) return { discarded: true };
  const { comments: settings } = await getAppConfig();
  const { user } = requester;
  const moderator = user?.permissions.includes("comments.edit") ?? false;
  if (!moderator) refuseOverLimit(await hit(db, commentLimits.byAddress, requester.ip || "unknown"));

  let author: Author;
  let event: PostInput["event"] = null;
  if (user) {
    if (!user.permissions.includes("comments.create")) throw new ServiceError(403, "comments.forbiddenPost");
    author = { userId: user.id, pub: user.pub, name: user.displayName || user.userName, moderator };
  } else {
    if (!settings.allowAnonymous || input.event === undefined) throw new ServiceError(401, "api.unauthorized");
    await commentablePage(db, input.routePath);
    const pageUrl = requester.origin + canonicalRoutePath(input.routePath).canonical;
    const verified = verifyCommentEvent(input.event, { body: input.commentBody, pageUrl });
    if (!verified.ok) {
      throw verified.problem === "timestamp"
        ? new ServiceError(400, "comments.staleEvent")
        : new ServiceError(401, "comments.badSignature");
    }
    event = verified.event;
    author = { userId: null, pub: verified.event.pubkey, name: plainName(requester.displayName), moderator: false };
  }
  if (!moderator) {
    const subject = author.userId !== null ? `user:${author.userId}` : `pub:${author.pub}`;
    refuseOverLimit(await hit(db, commentLimits.byAuthor, subject));
  }

  // An approved comment changes its page's comment count at once; only that page's document shows it.
  const comment = await changeTransaction(db, async (tx, announce) => {
    const row = await postComment(
      tx,
      author,
      {
        routePath: input.routePath,
        body: input.commentBody,
        parentId: input.parentId,
        event,
        ip: requester.ip,
        userAgent: requester.userAgent,
      },
      settings.moderationWords,
    );
    if (row.status === "approved") {
      announce({ topic: "documents", detail: [canonicalRoutePath(row.routePath)] });
      // Approved at once: on the relay at once too.
      await syncCommentEvents(tx, [row.id], requester.origin);
    }
    return row;
  });
  if (comment.status === "approved") relayEventStored();
  return { discarded: false, comment };
}

/** A name as sent by a browser, URI-encoded or plain. */
function plainName(raw: string | null): string {
  let name = raw ?? "";
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not encoded: use as sent.
  }
  return plainCommentName(name);
}
