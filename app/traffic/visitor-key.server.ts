/**
 * Visitor keys: a hash of the client's address and user agent with the day's salt, so the same browser counts
 * once a day and nobody can be followed from one day to the next or found again from the key. The salt is made
 * by whichever instance needs it first and kept in the database, so every instance hashes alike; it is deleted
 * once its day is over (see pruneVisitLog), after which the day's keys cannot be remade by anyone.
 */
import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { visitorSalts } from "~/db/schema";

const salts = new Map<number, Promise<string>>();

/** The salt of `day`, made once for all instances (the first insert wins, everyone reads the winner's). */
export function saltOf(db: Database, day: number): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = loadSalt(db, day).catch((error: unknown) => {
      salts.delete(day);
      throw error;
    });
    salts.set(day, salt);
    for (const known of salts.keys()) if (known < day - 1) salts.delete(known);
  }
  return salt;
}

async function loadSalt(db: Database, day: number): Promise<string> {
  await db
    .insert(visitorSalts)
    .values({ day, salt: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const row = await db.select({ salt: visitorSalts.salt }).from(visitorSalts).where(eq(visitorSalts.day, day)).get();
  if (!row) throw new Error(`The visitor salt of day ${day} was not stored`);
  return row.salt;
}

/** 48 bits of the keyed hash: whole numbers the database stores compactly, and collisions stay negligible. */
export function visitorKey(salt: string, address: string, userAgent: string): number {
  return createHmac("sha256", salt).update(address).update("\n").update(userAgent).digest().readUIntBE(0, 6);
}
