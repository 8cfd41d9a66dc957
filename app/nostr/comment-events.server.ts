/**
 * Approved comments on the relay, as NIP-22 comments (kind 1111) scoped to their page's URL: the author's own
 * signed event where the comment was signed in the browser, otherwise an event the site signs with its key.
 * A comment that stops being approved (spam, trash) leaves the relay. Runs inside the transaction that
 * changes the comment, so the relay never shows what the site does not.
 */
import { eq, inArray } from "drizzle-orm";
import { verifyEvent, type Event } from "nostr-tools/pure";
import type { Database } from "~/db/client.server";
import { comments, nostrEvents } from "~/db/schema";
import { commentKind } from "~/keys/comment-event";
import { configuredOrigin } from "~/lib/site-origin.server";
import { relayUrlOf } from "./names.server";
import { deleteCommentEvent, saveEvent } from "./relay/store.server";
import { signAsSite } from "~/keys/site-key.server";

/** Brings the relay in line with these comments' statuses. `origin` is the site's, for page URLs. */
export async function syncCommentEvents(tx: Database, ids: readonly number[], origin: string): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx
    .select()
    .from(comments)
    .where(inArray(comments.id, [...ids]))
    .all();
  for (const row of rows) {
    if (row.status !== "approved") {
      await deleteCommentEvent(tx, row.id);
      continue;
    }
    const published = await tx
      .select({ seq: nostrEvents.seq })
      .from(nostrEvents)
      .where(eq(nostrEvents.commentId, row.id))
      .get();
    if (published) continue;
    const own = authorEvent(row.event);
    const event = own ?? (await siteSignedComment(tx, row, configuredOrigin() ?? origin));
    await saveEvent(tx, event, { commentId: row.id });
  }
}

/** The commenter's own signed event, when it is one (it was checked when the comment came in). */
function authorEvent(value: unknown): Event | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const event = value as Event;
  return event.kind === commentKind && verifyEvent({ ...event }) ? { ...event } : undefined;
}

async function siteSignedComment(tx: Database, row: typeof comments.$inferSelect, origin: string): Promise<Event> {
  const pageUrl = origin + row.routePath;
  const tags: string[][] = [
    ["I", pageUrl],
    ["K", "web"],
  ];
  const parent =
    row.parentId === null
      ? undefined
      : await tx
          .select({ id: nostrEvents.id, pubkey: nostrEvents.pubkey })
          .from(nostrEvents)
          .where(eq(nostrEvents.commentId, row.parentId))
          .get();
  if (parent)
    tags.push(["e", parent.id, relayUrlOf(origin), parent.pubkey], ["k", String(commentKind)], ["p", parent.pubkey]);
  else tags.push(["i", pageUrl], ["k", "web"]);
  tags.push(["alt", `Comment by ${row.authorName || "a member"} on ${pageUrl}`]);
  return signAsSite(tx, {
    kind: commentKind,
    created_at: Math.floor((row.editedAt ?? row.createdAt).getTime() / 1000),
    content: row.body,
    tags,
  });
}
