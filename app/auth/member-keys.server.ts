/**
 * Which public keys belong to which member. A member's identity key is the key they linked from a Nostr
 * extension, else the key of the browser they last signed in with; every browser key of theirs (devices) is
 * theirs too, for signed requests and for messages addressed to an older device.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import { adminRoleName } from "~/auth/permissions";
import { enabledAccount } from "~/auth/users.server";
import { devices, roles, userRoles, users } from "~/db/schema";

/** The key a member is known by: the linked one, else the device key. */
export function identityKey(user: { nostrPub: string | null; pub: string | null }): string | null {
  return user.nostrPub ?? user.pub;
}

/** The key a member's inbox is read with (`identityKey`), and whether it is a linked key; null for no member. */
export async function memberInboxKey(
  db: Database,
  userId: number,
): Promise<{ key: string | null; linked: boolean } | null> {
  const row = await db
    .select({ pub: users.pub, nostrPub: users.nostrPub })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return row ? { key: identityKey(row), linked: Boolean(row.nostrPub) } : null;
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

/** Which of `pubkeys` belong to enabled members (a disabled account's keys count for nothing here). */
export async function memberKeysAmong(db: Database, pubkeys: readonly string[]): Promise<Set<string>> {
  if (pubkeys.length === 0) return new Set();
  const list = [...new Set(pubkeys)];
  const [fromUsers, fromDevices] = await Promise.all([
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
  ]);
  const found = new Set<string>();
  for (const row of fromUsers) {
    if (row.pub && list.includes(row.pub)) found.add(row.pub);
    if (row.nostrPub && list.includes(row.nostrPub)) found.add(row.nostrPub);
  }
  for (const row of fromDevices) found.add(row.pub);
  return found;
}

export interface SiteOwner {
  id: number;
  userName: string;
  displayName: string;
  pubkey: string | null;
}

/**
 * Who receives the contact page's messages: the member SITE_OWNER names, else the first administrator (the
 * oldest holder of the Admin role).
 */
export async function siteOwner(db: Database): Promise<SiteOwner | undefined> {
  const columns = {
    id: users.id,
    userName: users.userName,
    displayName: users.displayName,
    pub: users.pub,
    nostrPub: users.nostrPub,
  };
  const named = config().siteOwner;
  const row = named
    ? await db
        .select(columns)
        .from(users)
        .where(sql`${users.userName} = ${named} collate nocase`)
        .get()
    : await db
        .select(columns)
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(eq(roles.name, adminRoleName))
        .orderBy(asc(users.id))
        .get();
  if (!row) return undefined;
  return { id: row.id, userName: row.userName, displayName: row.displayName || row.userName, pubkey: identityKey(row) };
}
