/**
 * A comment's author changes their mind: for a while after posting (the edit window) they may change its text
 * or delete it. Members are known by their session; anonymous visitors by their browser's key, which signs the
 * new version (a comment event naming the one it replaces) or the deletion request (NIP-09). The text before
 * each edit is kept for moderators. An edited comment goes through the moderation rules on its words again
 * (links, moderation words) and its author's standing: an approved comment stays approved only if its author
 * would be approved at once posting the new words as a new comment.
 */
import { untieCommentAddress } from "./commenter-addresses.server";
import { and, eq, ne } from "drizzle-orm";
import type { Event } from "nostr-tools/pure";
import { isUniqueViolation } from "~/auth/users.server";
import type { CurrentUser } from "~/auth/current-user.server";
import { changeTransaction } from "~/cluster/change-feed.server";
import type { Database } from "~/db/client.server";
import { commentEdits, comments, nostrEvents } from "~/db/schema";
import { commentDeletionTemplate, withinEditWindow } from "~/keys/comment-event";
import { sitePublicKey, signAsSite } from "~/keys/site-key.server";
import { verifyCommentEvent, verifyDeletionEvent, type EventProblem } from "~/keys/verify-event.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { syncCommentEvents } from "~/nostr/comment-events.server";
import { authorDeletionProblem, honourDeletion, trashDeletedComments } from "~/nostr/relay/deletion.server";
import { relayEventStored } from "~/nostr/relay/relay.server";
import { deleteCommentEvent, saveEvent } from "~/nostr/relay/store.server";
import type { CommentRow } from "./comments.server";
import { initialStatus, linkCount, type ModerationRules } from "./status-rules";

/** Who asks: a signed-in member, or an anonymous visitor with their signed event. */
export interface ChangeRequester {
  user: CurrentUser | null;
  /** The site's public origin: an anonymous comment's event names its page by absolute URL. */
  origin: string;
  now?: number;
}

/** The comment, if `requester` wrote it and may still change it; otherwise the refusal. */
async function ownComment(db: Database, id: number, requester: ChangeRequester): Promise<CommentRow> {
  const row = await db.select().from(comments).where(eq(comments.id, id)).get();
  // Spam and trash are not shown to their authors either: for them the comment is gone.
  if (!row || row.deletedAt || row.status === "spam" || row.status === "trash") {
    throw new ServiceError(404, "comments.notFound");
  }
  const { user } = requester;
  if (user ? row.userId !== user.id : row.userId !== null || !row.authorPub) {
    throw new ServiceError(403, "comments.notYours");
  }
  if (!withinEditWindow(row.createdAt, requester.now)) throw new ServiceError(403, "comments.windowClosed");
  return row;
}

function eventRefusal(problem: EventProblem): ServiceError {
  if (problem === "timestamp") return new ServiceError(400, "comments.staleEvent");
  if (problem === "author") return new ServiceError(403, "comments.notYours");
  return new ServiceError(401, "comments.badSignature");
}

/** Whether member `userId` has an approved comment other than `commentId`. */
async function approvedElsewhere(db: Database, userId: number, commentId: number): Promise<boolean> {
  const other = await db
    .select({ id: comments.id })
    .from(comments)
    .where(and(eq(comments.userId, userId), eq(comments.status, "approved"), ne(comments.id, commentId)))
    .limit(1)
    .get();
  return Boolean(other);
}

/** The event shown on the relay for a comment, if any. */
function relayEventOf(db: Database, commentId: number) {
  return db
    .select({ id: nostrEvents.id, pubkey: nostrEvents.pubkey })
    .from(nostrEvents)
    .where(eq(nostrEvents.commentId, commentId))
    .get();
}

/** A relay event the site signed for a comment is withdrawn by a deletion the site signs (NIP-09). */
async function withdrawSiteEvent(tx: Database, event: { id: string; pubkey: string }, now: number): Promise<void> {
  if (event.pubkey !== (await sitePublicKey(tx))) return;
  await saveEvent(tx, await signAsSite(tx, commentDeletionTemplate(event.id, now)));
}

/** Replaces the text of `requester`'s comment `id` within its edit window; returns the comment as it now is. */
export async function editComment(
  db: Database,
  id: number,
  input: { body: string; event?: unknown },
  requester: ChangeRequester,
  settings: ModerationRules & { allowLinks: boolean },
): Promise<CommentRow> {
  const now = requester.now ?? Date.now();
  const row = await ownComment(db, id, requester);
  const moderator = requester.user?.permissions.includes("comments.edit") ?? false;
  let event: Event | null = null;
  if (!requester.user) {
    if (!row.eventId) throw new ServiceError(403, "comments.notYours");
    const verified = verifyCommentEvent(input.event, {
      body: input.body,
      pageUrl: requester.origin + row.routePath,
      now,
      replaces: { eventId: row.eventId, pubkey: row.authorPub! },
    });
    if (!verified.ok) throw eventRefusal(verified.problem);
    event = verified.event;
  }
  if (!settings.allowLinks && !moderator && linkCount(input.body) > 0) {
    throw new ServiceError(400, "comments.linksNotAllowed", {
      issues: [{ path: "commentBody", message: "comments.linksNotAllowed" }],
    });
  }
  if (input.body === row.body && !event) return row;
  // A moderator approved the words they saw: new words stay approved only if their author would be approved at
  // once posting them as a new comment (as the author stands without this comment).
  const status =
    row.status === "approved"
      ? initialStatus({
          moderator,
          approvedBefore: row.userId !== null && (await approvedElsewhere(db, row.userId, id)),
          anonymous: row.userId === null,
          body: input.body,
          ...settings,
        })
      : row.status;
  try {
    const updated = await changeTransaction(db, async (tx, announce) => {
      const shown = await relayEventOf(tx, id);
      await tx
        .insert(commentEdits)
        .values({ commentId: id, body: row.body, event: row.event, replacedAt: new Date(now) });
      const changed = await tx
        .update(comments)
        .set({
          body: input.body,
          status,
          editedAt: new Date(now),
          updatedAt: new Date(now),
          // A member's new words are signed by the site: a signed event the comment kept from before its author
          // had an account is the old text, and must not come back on the relay.
          ...(event ? { event, eventId: event.id } : { event: null }),
        })
        // The text it was read with: two edits at once never lose one silently.
        .where(and(eq(comments.id, id), eq(comments.body, row.body)))
        .returning()
        .get();
      if (!changed) throw new ServiceError(409, "comments.editConflict");
      if (shown) {
        await deleteCommentEvent(tx, id);
        await withdrawSiteEvent(tx, shown, now);
      }
      await syncCommentEvents(tx, [id], requester.origin);
      if (row.status === "approved") {
        const { locale, path } = parseLocalizedPath(row.routePath);
        announce({ topic: "documents", detail: [{ locale, path }] });
      }
      return changed;
    });
    relayEventStored();
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, "event_id")) throw new ServiceError(409, "comments.duplicate");
    throw error;
  }
}

/**
 * Deletes `requester`'s comment `id` within its edit window, unless others have replied to it (their words would
 * lose their context). It goes to the trash, marked as deleted by its author, and leaves the relay: an anonymous
 * author's signed deletion request is kept there, or one the site signs for the event it published.
 */
export async function deleteComment(
  db: Database,
  id: number,
  input: { event?: unknown },
  requester: ChangeRequester,
): Promise<void> {
  const now = requester.now ?? Date.now();
  const row = await ownComment(db, id, requester);
  let deletion: Event | null = null;
  if (!requester.user) {
    if (!row.eventId) throw new ServiceError(403, "comments.notYours");
    const verified = verifyDeletionEvent(input.event, { eventId: row.eventId, pubkey: row.authorPub!, now });
    if (!verified.ok) throw eventRefusal(verified.problem);
    deletion = verified.event;
  }
  await changeTransaction(db, async (tx, announce) => {
    // Judged in the transaction that deletes: a reply that came meanwhile keeps the comment.
    const problem = await authorDeletionProblem(tx, id, now);
    if (problem) throw new ServiceError(problem === "comments.hasReplies" ? 409 : 403, problem);
    const shown = await relayEventOf(tx, id);
    if (deletion) {
      if (shown?.pubkey === deletion.pubkey) {
        const refused = await honourDeletion(tx, deletion, now, announce);
        if (refused) throw new ServiceError(409, "comments.editConflict");
        await saveEvent(tx, deletion);
      }
    } else {
      if (shown) {
        await deleteCommentEvent(tx, id);
        await withdrawSiteEvent(tx, shown, now);
      }
      // The key's own event, kept from before the account, cannot be withdrawn by the site: it is dropped so a
      // restored comment is never published as it.
      if (row.event) await tx.update(comments).set({ event: null }).where(eq(comments.id, id));
    }
    await trashDeletedComments(tx, [id], now, announce);
    // Its author took it back: nothing more is told about it at the address they left.
    await untieCommentAddress(tx, id);
  });
  relayEventStored();
}
