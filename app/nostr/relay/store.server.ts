/**
 * The relay's storage: events with their single-letter tags indexed, replaceable kinds kept at their newest,
 * and the commit-ordered sequence every instance follows to deliver new events live.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, max, sql } from "drizzle-orm";
import type { Event } from "nostr-tools/pure";
import type { Database } from "~/db/client.server";
import { nostrEvents, nostrTags } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { deletionKind } from "~/keys/comment-event";
import { deletedByAuthor } from "./deletion.server";
import { relayLimits } from "./limits";

export type StoredEvent = typeof nostrEvents.$inferSelect;

/** The event as the protocol shows it. */
export function wireEvent(
  row: Pick<StoredEvent, "id" | "pubkey" | "kind" | "createdAt" | "content" | "tags" | "sig">,
): Event {
  return {
    id: row.id,
    pubkey: row.pubkey,
    created_at: row.createdAt,
    kind: row.kind,
    tags: row.tags,
    content: row.content,
    sig: row.sig,
  };
}

/** Kinds where only the newest event per author (and kind) is kept. */
export function isReplaceable(kind: number): boolean {
  return kind === 0 || kind === 3 || (kind >= 10_000 && kind < 20_000);
}

export type SaveResult = "saved" | "duplicate" | "older" | "deleted";

/**
 * Stores a verified event. A replaceable event replaces its author's older one; an older one than stored is
 * not kept ("older"), nor one its author deleted ("deleted"). Ties keep the lowest id. Call inside a write transaction. `commentId`: the comment the
 * event shows; `fromStranger`: a gift wrap from a connection not authenticated as a member.
 */
export async function saveEvent(
  tx: Database,
  event: Event,
  { commentId = null, fromStranger = false }: { commentId?: number | null; fromStranger?: boolean } = {},
): Promise<SaveResult> {
  const existing = await tx
    .select({ seq: nostrEvents.seq })
    .from(nostrEvents)
    .where(eq(nostrEvents.id, event.id))
    .get();
  if (existing) return "duplicate";
  // Its author asked for it to be deleted (NIP-09): it is not stored again.
  if (event.kind !== deletionKind && (await deletedByAuthor(tx, event))) return "deleted";
  if (isReplaceable(event.kind)) {
    const current = await tx
      .select({ seq: nostrEvents.seq, id: nostrEvents.id, createdAt: nostrEvents.createdAt })
      .from(nostrEvents)
      .where(and(eq(nostrEvents.pubkey, event.pubkey), eq(nostrEvents.kind, event.kind)))
      .all();
    for (const row of current) {
      const newer = row.createdAt > event.created_at || (row.createdAt === event.created_at && row.id < event.id);
      if (newer) return "older";
    }
    for (const row of current) await deleteEventRow(tx, row.seq);
  }
  const { seq } = await tx
    .insert(nostrEvents)
    .values({
      id: event.id,
      pubkey: event.pubkey,
      kind: event.kind,
      createdAt: event.created_at,
      content: event.content,
      tags: event.tags,
      sig: event.sig,
      commentId,
      fromStranger,
    })
    .returning({ seq: nostrEvents.seq })
    .get();
  const indexed = event.tags
    .filter((tag) => /^[A-Za-z]$/.test(tag[0] ?? "") && typeof tag[1] === "string")
    .slice(0, relayLimits.maxEventTags)
    .map((tag) => ({ eventSeq: seq, name: tag[0]!, value: tag[1]! }));
  if (indexed.length) await tx.insert(nostrTags).values(indexed);
  return "saved";
}

async function deleteEventRow(tx: Database, seq: number): Promise<void> {
  await tx.delete(nostrTags).where(eq(nostrTags.eventSeq, seq));
  await tx.delete(nostrEvents).where(eq(nostrEvents.seq, seq));
}

/** Removes the event published for a comment (it is no longer approved, or it is gone). */
export async function deleteCommentEvent(tx: Database, commentId: number): Promise<void> {
  const row = await tx
    .select({ seq: nostrEvents.seq })
    .from(nostrEvents)
    .where(eq(nostrEvents.commentId, commentId))
    .get();
  if (row) await deleteEventRow(tx, row.seq);
}

/**
 * Strangers' gift wraps are kept `days`, and at most `bytesPerRecipient` of their content per recipient, the
 * oldest received dropped first (housekeeping runs this with the relay's limits). What a recipient has read is
 * in their browser already; what a flood pushed out is the price of a bounded disk. Returns how many went.
 */
export async function pruneStrangerWraps(
  db: Database,
  {
    now = Date.now(),
    days = relayLimits.strangerWrapDays,
    bytesPerRecipient = relayLimits.strangerWrapBytesPerRecipient,
  }: { now?: number; days?: number; bytesPerRecipient?: number } = {},
): Promise<number> {
  const cutoff = new Date(now - days * 24 * 60 * 60 * 1000);
  const old = await db
    .select({ seq: nostrEvents.seq })
    .from(nostrEvents)
    .where(and(eq(nostrEvents.fromStranger, true), lt(nostrEvents.receivedAt, cutoff)))
    .all();
  const drop = old.map((row) => row.seq);
  const size = sql<number>`sum(length(${nostrEvents.content}))`;
  const heavy = await db
    .select({ recipient: nostrTags.value, bytes: size })
    .from(nostrEvents)
    .innerJoin(nostrTags, and(eq(nostrTags.eventSeq, nostrEvents.seq), eq(nostrTags.name, "p")))
    .where(and(eq(nostrEvents.fromStranger, true), gte(nostrEvents.receivedAt, cutoff)))
    .groupBy(nostrTags.value)
    .having(gt(size, bytesPerRecipient))
    .all();
  for (const { recipient } of heavy) {
    const wraps = await db
      .select({ seq: nostrEvents.seq, bytes: sql<number>`length(${nostrEvents.content})` })
      .from(nostrEvents)
      .innerJoin(nostrTags, and(eq(nostrTags.eventSeq, nostrEvents.seq), eq(nostrTags.name, "p")))
      .where(
        and(eq(nostrEvents.fromStranger, true), gte(nostrEvents.receivedAt, cutoff), eq(nostrTags.value, recipient)),
      )
      .orderBy(desc(nostrEvents.receivedAt), desc(nostrEvents.seq))
      .all();
    let kept = 0;
    for (const wrap of wraps) {
      kept += wrap.bytes;
      if (kept > bytesPerRecipient) drop.push(wrap.seq);
    }
  }
  for (let i = 0; i < drop.length; i += 500) {
    const batch = drop.slice(i, i + 500);
    await writeTransaction(db, async (tx) => {
      await tx.delete(nostrTags).where(inArray(nostrTags.eventSeq, batch));
      await tx.delete(nostrEvents).where(inArray(nostrEvents.seq, batch));
    });
  }
  return drop.length;
}

/** Events stored after `seq`, in commit order: what the live delivery of every instance follows. */
export function eventsAfter(db: Database, seq: number, limit = 500): Promise<StoredEvent[]> {
  return db.select().from(nostrEvents).where(gt(nostrEvents.seq, seq)).orderBy(asc(nostrEvents.seq)).limit(limit).all();
}

/** The newest sequence number (0 when nothing is stored). */
export async function lastSeq(db: Database): Promise<number> {
  const row = await db
    .select({ seq: max(nostrEvents.seq) })
    .from(nostrEvents)
    .get();
  return row?.seq ?? 0;
}
