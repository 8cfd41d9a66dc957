/**
 * A new comment, from whoever sends it: signed-in people need comments.create; anonymous visitors (when the site
 * allows them) send their comment as a Nostr event signed by their device key. Rate limits, the honeypot and
 * the event's checks happen here, before anything is stored.
 */
import type { CurrentUser } from "~/auth/current-user.server";
import { hit, refuseOverLimit, type Limit } from "~/db/rate-limit.server";
import type { DatabaseConnection } from "~/db/client.server";
import { ServiceError } from "~/lib/service-error";
import { getAppConfig } from "~/settings/app-config.server";
import {
  canonicalRoutePath,
  tellQuietly,
  commentablePage,
  postComment,
  type Author,
  type CommentRow,
  type PostInput,
} from "./comments.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { refuseConfirmationFlood, rememberCommenterAddress } from "./commenter-addresses.server";
import { noticeNewComment } from "./notices.server";
import { plainCommentName, type NewCommentInput } from "./schema";
import { linkCount } from "./status-rules";
import { verifyCommentEvent } from "~/keys/verify-event.server";

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

/** Comments sent, changed and deleted from one address are counted together; moderators are not limited. */
export async function refuseCommentFlood(db: DatabaseConnection["db"], user: CurrentUser | null, ip: string) {
  if (user?.permissions.includes("comments.edit")) return;
  refuseOverLimit(await hit(db, commentLimits.byAddress, ip || "unknown"));
}

/**
 * Checks and stores a comment. `discarded`: the honeypot field was filled (a bot), so nothing is stored and the
 * caller answers as if all went well.
 */
export async function submitComment(
  db: DatabaseConnection["db"],
  input: NewCommentInput,
  requester: Requester,
): Promise<{ discarded: true } | { discarded: false; comment: CommentRow }> {
  if (input.website) return { discarded: true };
  const { comments: settings } = await getAppConfig();
  const { user } = requester;
  const moderator = user?.permissions.includes("comments.edit") ?? false;
  await refuseCommentFlood(db, user, requester.ip);

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
  // A site that takes no links refuses them from everyone but moderators, before anything is stored.
  if (!settings.allowLinks && !moderator && linkCount(input.commentBody) > 0) {
    throw new ServiceError(400, "comments.linksNotAllowed", {
      issues: [{ path: "commentBody", message: "comments.linksNotAllowed" }],
    });
  }
  if (!moderator) {
    const subject = author.userId !== null ? `user:${author.userId}` : `pub:${author.pub}`;
    refuseOverLimit(await hit(db, commentLimits.byAuthor, subject));
  }
  // Members hear at their account's address; an anonymous commenter may leave one (confirmed before any use).
  const notifyEmail = user ? undefined : input.notifyEmail;
  if (notifyEmail) await refuseConfirmationFlood(db, notifyEmail, requester.ip);

  const comment = await postComment(
    db,
    author,
    {
      routePath: input.routePath,
      body: input.commentBody,
      parentId: input.parentId,
      event,
      ip: requester.ip,
      userAgent: requester.userAgent,
    },
    settings,
    requester.origin,
  );
  if (notifyEmail) {
    const { locale } = parseLocalizedPath(comment.routePath);
    await tellQuietly(rememberCommenterAddress(db, comment.id, notifyEmail, { origin: requester.origin, locale }));
  }
  await tellQuietly(noticeNewComment(db, comment, requester.origin));
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
