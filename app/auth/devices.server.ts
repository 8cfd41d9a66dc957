import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { devices } from "~/db/schema";
import { ServiceError } from "~/lib/service-error";

export interface DeviceSighting {
  pub: string;
  deviceName?: string;
  userId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The session recording it gave the account's second factor. */
  secondFactor?: boolean;
}

/**
 * Records a browser identity (its Nostr public key) with where and when it was last seen. A device that
 * already belongs to another account is left alone: a public key is public, so sending someone else's must
 * not move their device into your account. Returns whether the sighting was recorded.
 */
export async function recordDevice(db: Database, sighting: DeviceSighting): Promise<boolean> {
  const now = new Date();
  const userId = sighting.userId ?? null;
  const values = {
    pub: sighting.pub,
    userId,
    deviceName: sighting.deviceName?.slice(0, 80) ?? "",
    ip: sighting.ip ?? null,
    userAgent: sighting.userAgent?.slice(0, 500) ?? null,
    lastActivityAt: now,
    secondFactorAt: sighting.secondFactor ? now : null,
  };
  const rows = await db
    .insert(devices)
    .values(values)
    .onConflictDoUpdate({
      target: devices.pub,
      set: {
        // An anonymous device joins the account that signs in with it; an owned one stays with its owner.
        userId: sql`coalesce(${devices.userId}, ${userId})`,
        deviceName: sighting.deviceName ? values.deviceName : sql`${devices.deviceName}`,
        ip: values.ip,
        userAgent: values.userAgent,
        lastActivityAt: now,
        secondFactorAt: sighting.secondFactor ? now : sql`${devices.secondFactorAt}`,
      },
      setWhere: userId === null ? isNull(devices.userId) : or(isNull(devices.userId), eq(devices.userId, userId)),
    })
    .returning({ id: devices.id })
    .all();
  return rows.length > 0;
}

/** Renames a device of the account `userId`; 404 when the account has no such device. */
export async function renameDevice(db: Database, pub: string, deviceName: string, userId: number): Promise<void> {
  const rows = await db
    .update(devices)
    .set({ deviceName: deviceName.slice(0, 80), lastActivityAt: new Date() })
    .where(and(eq(devices.pub, pub), eq(devices.userId, userId)))
    .returning({ id: devices.id })
    .all();
  if (rows.length === 0) throw new ServiceError(404, "auth.deviceNotFound");
}

export async function devicesOf(db: Database, userId: number) {
  return db
    .select({
      pub: devices.pub,
      deviceName: devices.deviceName,
      ip: devices.ip,
      userAgent: devices.userAgent,
      lastActivityAt: devices.lastActivityAt,
      createdAt: devices.createdAt,
    })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(desc(devices.lastActivityAt))
    .limit(50)
    .all();
}

/**
 * Forgets which of the account's browsers were recorded with its second factor, when its last factor goes: a
 * factor turned on later counts only from sessions that give that one.
 */
export async function forgetDeviceFactors(db: Database, userId: number): Promise<void> {
  await db.update(devices).set({ secondFactorAt: null }).where(eq(devices.userId, userId));
}

/** Whether `pub` is a browser of the account `userId` recorded by a session that gave its second factor. */
export async function deviceGaveFactor(db: Database, pub: string, userId: number): Promise<boolean> {
  const row = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.pub, pub), eq(devices.userId, userId), isNotNull(devices.secondFactorAt)))
    .get();
  return row !== undefined;
}
