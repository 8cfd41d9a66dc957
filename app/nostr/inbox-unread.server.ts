/**
 * Unread messages: gift wraps to a member's keys that arrived after they last had their inbox open. The server
 * cannot read a message (they are end-to-end encrypted), so it counts what arrived, never what it says; the
 * member's own copies of what they sent arrive while the inbox is open and are read with it.
 */
import { and, count, eq, gt, inArray, lt, max } from "drizzle-orm";
import { memberInboxKeys } from "~/auth/member-keys.server";
import type { Database } from "~/db/client.server";
import { nostrEvents, nostrTags, users } from "~/db/schema";
import { giftWrapKind } from "~/keys/direct-messages";

/** Counting stops past this: the overview says "99+" rather than scan a flooded inbox. */
const unreadCountLimit = 99;

/** The keys messages to the member go to: the messaging key, and the key they went to before it. */
async function inboxKeys(db: Database, userId: number): Promise<string[]> {
  const keys = await memberInboxKeys(db, userId);
  if (!keys) return [];
  return [keys.messaging?.pubkey, keys.earlier.key].filter((key): key is string => Boolean(key));
}

/** Gift wraps addressed to one of `keys` (joined with their "p" tags). */
function wrapsTo(keys: string[]) {
  return and(eq(nostrEvents.kind, giftWrapKind), eq(nostrTags.name, "p"), inArray(nostrTags.value, keys));
}

/** How many messages wait unread: `more` when past the limit. */
export async function unreadMessages(db: Database, userId: number): Promise<{ count: number; more: boolean }> {
  const [keys, member] = await Promise.all([
    inboxKeys(db, userId),
    db.select({ readSeq: users.messagesReadSeq }).from(users).where(eq(users.id, userId)).get(),
  ]);
  if (keys.length === 0 || !member) return { count: 0, more: false };
  const unread = db
    .select({ seq: nostrEvents.seq })
    .from(nostrTags)
    .innerJoin(nostrEvents, eq(nostrEvents.seq, nostrTags.eventSeq))
    .where(and(wrapsTo(keys), gt(nostrEvents.seq, member.readSeq)))
    .limit(unreadCountLimit + 1)
    .as("unread");
  const row = await db.select({ n: count() }).from(unread).get();
  const n = row?.n ?? 0;
  return { count: Math.min(n, unreadCountLimit), more: n > unreadCountLimit };
}

/** Everything that has arrived for the member so far is read (their inbox is open and has loaded it). */
export async function markMessagesRead(db: Database, userId: number): Promise<void> {
  const keys = await inboxKeys(db, userId);
  if (keys.length === 0) return;
  const newest = await db
    .select({ seq: max(nostrEvents.seq) })
    .from(nostrTags)
    .innerJoin(nostrEvents, eq(nostrEvents.seq, nostrTags.eventSeq))
    .where(wrapsTo(keys))
    .get();
  if (!newest?.seq) return;
  // Never backwards: another tab or instance may have marked a newer one.
  await db
    .update(users)
    .set({ messagesReadSeq: newest.seq })
    .where(and(eq(users.id, userId), lt(users.messagesReadSeq, newest.seq)));
}
