/**
 * Which public keys belong to which member. A member's identity key is the key they linked from a Nostr
 * extension, else the key of the browser they last signed in with; every browser key of theirs (devices) is
 * theirs too, for signed requests and for messages addressed to an older device. Messages go to the account's
 * messaging key once the member made one (decision 028): the relay counts it as the member's, but it signs in
 * nobody and signs no request.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { adminRoleName } from "~/auth/permissions";
import { enabledAccount } from "~/auth/users.server";
import { devices, messagingKeys, roles, userRoles, users } from "~/db/schema";

/** The key a member is known by: the linked one, else the device key. */
export function identityKey(user: { nostrPub: string | null; pub: string | null }): string | null {
  return user.nostrPub ?? user.pub;
}

/** The key messages to a member go to: their messaging key, else (before they made one) their identity key. */
export function recipientKey(user: { nostrPub: string | null; pub: string | null; messagingPub: string | null }) {
  return user.messagingPub ?? identityKey(user);
}

/** A user row's keys with its messaging key, for `recipientKey`. */
const keyColumns = { pub: users.pub, nostrPub: users.nostrPub, messagingPub: messagingKeys.pubkey };

/**
 * What a member's inbox reads with: the messaging key (public key and encrypted secret) when there is one, and
 * the identity key messages went to before it (`identityKey`, and whether it is a linked key); null for no member.
 */
export async function memberInboxKeys(db: Database, userId: number) {
  const row = await db
    .select({ ...keyColumns, ncryptsec: messagingKeys.ncryptsec })
    .from(users)
    .leftJoin(messagingKeys, eq(messagingKeys.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  return {
    messaging: row.messagingPub && row.ncryptsec ? { pubkey: row.messagingPub, ncryptsec: row.ncryptsec } : null,
    earlier: { key: identityKey(row), linked: Boolean(row.nostrPub) },
  };
}

/** The key to write to the member `userName` (any case), or null for no such member or no key yet. */
export async function recipientKeyByName(db: Database, userName: string): Promise<string | null> {
  const row = await db
    .select(keyColumns)
    .from(users)
    .leftJoin(messagingKeys, eq(messagingKeys.userId, users.id))
    .where(sql`${users.userName} = ${userName} collate nocase`)
    .get();
  return row ? recipientKey(row) : null;
}

/** The member owning `pubkey` (linked key, account key or one of their browsers), or undefined. */
export async function memberByKey(db: Database, pubkey: string): Promise<number | undefined> {
  const direct = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.nostrPub, pubkey), eq(users.pub, pubkey)))
    .orderBy(sql`${users.nostrPub} = ${pubkey} desc`)
    .get();
  if (direct) return direct.id;
  const device = await db
    .select({ userId: devices.userId })
    .from(devices)
    .where(and(eq(devices.pub, pubkey), isNotNull(devices.userId)))
    .get();
  return device?.userId ?? undefined;
}

const noteEveryMs = 60 * 60_000;

/**
 * Notes that `pubkey` (a linked key or a browser's) was just used, for the profile's "last used"; at most once an
 * hour per key, so signed requests stay cheap.
 */
export async function noteKeyUse(db: Database, pubkey: string, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - noteEveryMs);
  await db
    .update(devices)
    .set({ lastActivityAt: now })
    .where(and(eq(devices.pub, pubkey), lt(devices.lastActivityAt, before)));
  await db
    .update(users)
    .set({ nostrUsedAt: now })
    .where(and(eq(users.nostrPub, pubkey), or(isNull(users.nostrUsedAt), lt(users.nostrUsedAt, before))));
}

/**
 * Which of `pubkeys` belong to enabled members (a disabled account's keys count for nothing here), messaging
 * keys included: the relay keeps messages to them and takes members' messages signed with them.
 */
export async function memberKeysAmong(db: Database, pubkeys: readonly string[]): Promise<Set<string>> {
  if (pubkeys.length === 0) return new Set();
  const list = [...new Set(pubkeys)];
  const [fromUsers, fromDevices, fromMessaging] = await Promise.all([
    db
      .select({ pub: users.pub, nostrPub: users.nostrPub })
      .from(users)
      .where(and(enabledAccount, or(inArray(users.pub, list), inArray(users.nostrPub, list))))
      .all(),
    db
      .select({ pub: devices.pub })
      .from(devices)
      .innerJoin(users, eq(users.id, devices.userId))
      .where(and(enabledAccount, inArray(devices.pub, list)))
      .all(),
    db
      .select({ pub: messagingKeys.pubkey })
      .from(messagingKeys)
      .innerJoin(users, eq(users.id, messagingKeys.userId))
      .where(and(enabledAccount, inArray(messagingKeys.pubkey, list)))
      .all(),
  ]);
  const found = new Set<string>();
  for (const row of fromUsers) {
    if (row.pub && list.includes(row.pub)) found.add(row.pub);
    if (row.nostrPub && list.includes(row.nostrPub)) found.add(row.nostrPub);
  }
  for (const row of [...fromDevices, ...fromMessaging]) found.add(row.pub);
  return found;
}

export interface SiteOwner {
  id: number;
  userName: string;
  displayName: string;
  /** The key to write to (`recipientKey`). */
  pubkey: string | null;
}

/**
 * Who receives the contact page's messages: the member SITE_OWNER names, else the first administrator (the
 * oldest holder of the Admin role).
 */
export async function siteOwner(db: Database): Promise<SiteOwner | undefined> {
  const columns = { id: users.id, userName: users.userName, displayName: users.displayName, ...keyColumns };
  const named = config().siteOwner;
  const row = named
    ? await db
        .select(columns)
        .from(users)
        .leftJoin(messagingKeys, eq(messagingKeys.userId, users.id))
        .where(sql`${users.userName} = ${named} collate nocase`)
        .get()
    : await db
        .select(columns)
        .from(users)
        .leftJoin(messagingKeys, eq(messagingKeys.userId, users.id))
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(roles.name, adminRoleName))
        .orderBy(asc(users.id))
        .get();
  if (!row) return undefined;
  return {
    id: row.id,
    userName: row.userName,
    displayName: row.displayName || row.userName,
    pubkey: recipientKey(row),
  };
}
