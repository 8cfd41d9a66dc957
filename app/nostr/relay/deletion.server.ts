/**
 * Deletion requests (NIP-09): an author's kind-5 event removes the events it names that the same key signed, and
 * the relay keeps the request so clients learn of it (and an event it names is never stored again). A comment's
 * event is the comment: its author deletes it within the comment's edit window and while nobody has replied,
 * as on the page; the comment then goes to the trash (moderators still see it) and leaves its page.
 */
import { and, eq, inArray, isNull, ne } from "drizzle-orm";
import type { Event } from "nostr-tools/pure";
import type { Announce } from "~/cluster/change-feed.server";
import type { Database } from "~/db/client.server";
import { comments, nostrEvents, nostrTags } from "~/db/schema";
import { deletionKind, withinEditWindow } from "~/keys/comment-event";
import { parseLocalizedPath } from "~/i18n/locales";

/** The ids a deletion request names in its `e` tags. */
export function namedEvents(event: Pick<Event, "tags">): string[] {
  return [...new Set(event.tags.filter((t) => t[0] === "e" && /^[0-9a-f]{64}$/.test(t[1] ?? "")).map((t) => t[1]!))];
}

/** The stored events `deletion` may remove: those it names that its own key signed (never other deletions). */
export async function deletableEvents(db: Database, deletion: Event) {
  const ids = namedEvents(deletion);
  if (ids.length === 0) return [];
  return db
    .select({ seq: nostrEvents.seq, commentId: nostrEvents.commentId })
    .from(nostrEvents)
    .where(
      and(inArray(nostrEvents.id, ids), eq(nostrEvents.pubkey, deletion.pubkey), ne(nostrEvents.kind, deletionKind)),
    )
    .all();
}

/** Why its author may no longer delete this comment, or undefined when they may. */
export async function authorDeletionProblem(
  db: Database,
  commentId: number,
  now = Date.now(),
): Promise<"comments.windowClosed" | "comments.hasReplies" | "comments.notFound" | undefined> {
  const row = await db
    .select({ createdAt: comments.createdAt, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.id, commentId))
    .get();
  if (!row || row.deletedAt) return "comments.notFound";
  if (!withinEditWindow(row.createdAt, now)) return "comments.windowClosed";
  const reply = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.parentId, commentId),
        inArray(comments.status, ["approved", "pending"]),
        isNull(comments.deletedAt),
      ),
    )
    .limit(1)
    .get();
  return reply ? "comments.hasReplies" : undefined;
}

/** Puts comments their authors deleted in the trash, marked as theirs to delete, and tells their pages' caches. */
export async function trashDeletedComments(
  tx: Database,
  ids: readonly number[],
  now: number,
  announce: Announce,
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .update(comments)
    .set({ status: "trash", deletedAt: new Date(now), updatedAt: new Date(now) })
    .where(inArray(comments.id, [...ids]))
    .returning({ routePath: comments.routePath })
    .all();
  const pages = [...new Set(rows.map((r) => r.routePath))].map((routePath) => {
    const { locale, path } = parseLocalizedPath(routePath);
    return { locale, path };
  });
  if (pages.length) announce({ topic: "documents", detail: pages });
}

/** The relay's refusal of `deletion` (NIP-01 OK reason), or what it would remove. */
async function judgeDeletion(db: Database, deletion: Event, now: number) {
  const doomed = await deletableEvents(db, deletion);
  if (doomed.length === 0)
    return { refusal: "blocked: this relay keeps deletions of events it holds, from their authors" };
  for (const { commentId } of doomed) {
    const problem = commentId === null ? undefined : await authorDeletionProblem(db, commentId, now);
    if (problem === "comments.windowClosed")
      return { refusal: "blocked: a comment can be deleted by its author only in the 15 minutes after it was posted" };
    if (problem === "comments.hasReplies")
      return { refusal: "blocked: others have replied to this comment, so it can no longer be deleted" };
  }
  return { doomed };
}

/** Why the relay refuses `deletion`, or undefined when it would honour it now. */
export async function deletionRefusal(db: Database, deletion: Event, now = Date.now()): Promise<string | undefined> {
  return (await judgeDeletion(db, deletion, now)).refusal;
}

/**
 * Removes what `deletion` deletes (call before storing it, in the same transaction), judged again there: a reply
 * or the window's end since an earlier check refuses it. Answers the refusal, or undefined once honoured.
 */
export async function honourDeletion(
  tx: Database,
  deletion: Event,
  now: number,
  announce: Announce,
): Promise<string | undefined> {
  const { doomed, refusal } = await judgeDeletion(tx, deletion, now);
  if (!doomed) return refusal;
  const seqs = doomed.map((row) => row.seq);
  await tx.delete(nostrTags).where(inArray(nostrTags.eventSeq, seqs));
  await tx.delete(nostrEvents).where(inArray(nostrEvents.seq, seqs));
  await trashDeletedComments(
    tx,
    doomed.flatMap((row) => (row.commentId === null ? [] : [row.commentId])),
    now,
    announce,
  );
  return undefined;
}

/** Whether `event` was deleted by its author (a stored deletion by the same key names it). */
export async function deletedByAuthor(db: Database, event: Pick<Event, "id" | "pubkey">): Promise<boolean> {
  const row = await db
    .select({ seq: nostrEvents.seq })
    .from(nostrTags)
    .innerJoin(nostrEvents, eq(nostrEvents.seq, nostrTags.eventSeq))
    .where(
      and(
        eq(nostrTags.name, "e"),
        eq(nostrTags.value, event.id),
        eq(nostrEvents.kind, deletionKind),
        eq(nostrEvents.pubkey, event.pubkey),
      ),
    )
    .limit(1)
    .get();
  return Boolean(row);
}
