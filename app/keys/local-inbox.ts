/**
 * The local inbox: IndexedDB database `inbox`, version 1, table `events` (auto-increment id; kind, content,
 * created_at, tags, pubkey and status all indexed), through Dexie. It holds the messages this browser has
 * read or written, decrypted, so the inbox shows at once and survives reloads; on logout it is deleted and
 * made again, empty, with the same schema. Browser code, loaded on use.
 */
import Dexie, { type EntityTable } from "dexie";
import type { Event } from "nostr-tools/pure";

/** Sending: waiting for the relay's OK (the sync step publishes it); Sent: the relay took it; Received: to us. */
export type InboxStatus = "Sending" | "Sent" | "Received";

export interface InboxEvent {
  id?: number;
  kind: number;
  content: string;
  created_at: number;
  tags: string[][];
  /** The author's public key. */
  pubkey: string;
  status: InboxStatus;
  /** The message's own id (its rumor's), to keep one copy of it. */
  rumorId: string;
  /** The other side of the conversation. */
  peer: string;
  /** Whose inbox this is (the key it was read or written with). */
  owner: string;
  /** Outgoing: the gift wraps to publish, one per recipient. */
  wraps?: Event[];
  /** Outgoing: failed attempts so far, when to try next, and why the last one failed. */
  attempts?: number;
  nextAttemptAt?: number;
  lastError?: string;
}

export const inboxSchema = { events: "++id, kind, content, created_at, tags, pubkey, status" };

function open() {
  const db = new Dexie("inbox") as Dexie & { events: EntityTable<InboxEvent, "id"> };
  db.version(1).stores(inboxSchema);
  return db;
}

export const inbox = open();

/** Logout: the inbox and everything in it goes; an empty one with the same schema takes its place. */
export async function wipeInbox(): Promise<void> {
  try {
    await inbox.delete();
    await inbox.open();
  } catch (error) {
    // A local failure is only logged: logging out must not fail because of it.
    console.error("Wiping the local inbox failed:", error);
  }
}

/** A message (its rumor) as the inbox keeps it, with where it stands and whose conversation it is in. */
export function inboxEvent(
  rumor: Pick<Event, "id" | "kind" | "content" | "created_at" | "tags" | "pubkey">,
  where: Pick<InboxEvent, "status" | "peer" | "owner">,
): InboxEvent {
  const { id, kind, content, created_at, tags, pubkey } = rumor;
  return { kind, content, created_at, tags, pubkey, rumorId: id, ...where };
}

/** Whether a message (by its rumor id) is already in this owner's inbox. */
export async function hasMessage(owner: string, rumorId: string): Promise<boolean> {
  return (await inbox.events.filter((e) => e.owner === owner && e.rumorId === rumorId).count()) > 0;
}
