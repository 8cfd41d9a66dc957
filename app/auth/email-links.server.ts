/**
 * Links sent by e-mail (confirming an address, choosing a new password): a random token in the link, only its
 * hash in the database; each lasts an hour and is used once. What the link does is the caller's: this module
 * makes tokens, finds a live one and spends it.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { emailTokens } from "~/db/schema";

export const LINK_LIFETIME_MS = 60 * 60_000;
export type LinkPurpose = (typeof emailTokens.$inferSelect)["purpose"];

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new link's token for `userId`, sent to `email`. */
export async function newLinkToken(
  db: Database,
  { userId, purpose, email, now = Date.now() }: { userId: number; purpose: LinkPurpose; email: string; now?: number },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .insert(emailTokens)
    .values({ tokenHash: hashOf(token), userId, purpose, email, expiresAt: new Date(now + LINK_LIFETIME_MS) });
  return token;
}

/**
 * Spends a live token of `purpose` (a conditional update: of two uses at once, one wins) and returns what it was
 * made for, or undefined for a token that is unknown, used, expired or of another purpose.
 */
export async function spendLinkToken(
  db: Database,
  token: string,
  purpose: LinkPurpose,
  now = Date.now(),
): Promise<{ userId: number; email: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const spent = await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(emailTokens.tokenHash, hashOf(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date(now)),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email })
    .get();
  return spent;
}

/** Whether `token` is a live link of `purpose` (the page a link opens checks it before showing its form). */
export async function linkTokenLive(db: Database, token: string, purpose: LinkPurpose, now = Date.now()) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const row = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashOf(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date(now)),
      ),
    )
    .get();
  return row !== undefined;
}

/** Spends every other live link of `purpose` the member holds (a password just chosen ends the other links). */
export async function spendAllLinks(db: Database, userId: number, purpose: LinkPurpose, now = Date.now()) {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Removes links a day past their end, used or not (housekeeping). */
export async function deleteEndedLinks(db: Database, now = Date.now()): Promise<void> {
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date(now - 24 * 60 * 60_000)));
}
