/**
 * The keys that speak for an account without a password: its browsers' keys (devices: they sign requests,
 * NIP-98) and the key linked from a Nostr extension (it signs in and signs requests). The member sees each with
 * when it was added and last used and removes any one; a password change and "sign out everywhere" remove those
 * the member does not keep; an administrator's reset removes them all. A removed key speaks for nobody.
 */
import { and, desc, eq, isNotNull, notInArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { devices, oauthAccounts, users } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";

export interface LinkedKey {
  pub: string;
  linkedAt: string | null;
  usedAt: string | null;
}

/** The key linked from an extension, with when it was linked and last used; null when none is. */
export async function linkedKeyOf(db: Database, userId: number): Promise<LinkedKey | null> {
  const row = await db
    .select({ pub: users.nostrPub, linkedAt: users.nostrLinkedAt, usedAt: users.nostrUsedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row?.pub) return null;
  return { pub: row.pub, linkedAt: row.linkedAt?.toISOString() ?? null, usedAt: row.usedAt?.toISOString() ?? null };
}

/**
 * The account's own browser key (`users.pub`, its identity without a linked key) follows its devices: the most
 * recently used one left, or none.
 */
async function settleAccountKey(db: Database, userId: number): Promise<void> {
  const user = await db.select({ pub: users.pub }).from(users).where(eq(users.id, userId)).get();
  if (!user?.pub) return;
  const still = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.pub, user.pub)))
    .get();
  if (still) return;
  const latest = await db
    .select({ pub: devices.pub })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.lastActivityAt))
    .get();
  await db
    .update(users)
    .set({ pub: latest?.pub ?? null })
    .where(eq(users.id, userId));
}

/** Removes one of the account's browser keys; 404 when the account has no such device. */
export async function removeDevice(db: Database, userId: number, pub: string): Promise<void> {
  const removed = await db
    .delete(devices)
    .where(and(eq(devices.userId, userId), eq(devices.pub, pub)))
    .returning({ id: devices.id })
    .all();
  if (removed.length === 0) throw new ServiceError(404, "auth.deviceNotFound");
  await settleAccountKey(db, userId);
}

/**
 * Removes every browser key of the account and its linked key except those in `keep` (after a password change
 * or "sign out everywhere", in the same transaction). Returns how many keys went.
 */
export async function removeKeysExcept(db: Database, userId: number, keep: readonly string[]): Promise<number> {
  const removed = await db
    .delete(devices)
    .where(and(eq(devices.userId, userId), keep.length ? notInArray(devices.pub, [...keep]) : undefined))
    .returning({ id: devices.id })
    .all();
  const unlinked = await db
    .update(users)
    .set({ nostrPub: null, nostrLinkedAt: null, nostrUsedAt: null })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.nostrPub),
        keep.length ? notInArray(users.nostrPub, [...keep]) : undefined,
      ),
    )
    .returning({ pub: users.nostrPub })
    .all();
  await settleAccountKey(db, userId);
  return removed.length + unlinked.length;
}

/**
 * Everything but the password that lets someone into the account: browser keys, the linked key and provider
 * accounts (an administrator's password reset, when the account is presumed to be in someone else's hands).
 */
export async function removeEveryOtherWayIn(db: Database, userId: number): Promise<void> {
  await db.delete(devices).where(eq(devices.userId, userId));
  await db.delete(oauthAccounts).where(eq(oauthAccounts.userId, userId));
  await db
    .update(users)
    .set({ pub: null, nostrPub: null, nostrLinkedAt: null, nostrUsedAt: null })
    .where(eq(users.id, userId));
}
