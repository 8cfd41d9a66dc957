/**
 * One-time recovery codes: ten made together, shown once, kept as SHA-256 hashes (each has 50 random bits, and
 * trying them is rate-limited per account, so a slow hash adds nothing). Making a new set ends the old one.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { asciiDigits } from "~/i18n/format";
import { recoveryCodes } from "~/db/schema";

export const recoveryCodeCount = 10;
// Letters and digits nobody confuses when copying by hand (no 0/o, 1/l/i).
const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";

function hashOf(code: string): string {
  return createHash("sha256").update(normalRecoveryCode(code)).digest("hex");
}

/** A code as typed (any case, spaces, dashes, Persian digits) in the form it was hashed in. */
function normalRecoveryCode(code: string): string {
  return asciiDigits(code)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function newCode(): string {
  const bytes = randomBytes(10);
  const letters = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** Replaces the account's codes with ten new ones and returns them (the only time they are readable). */
export async function replaceRecoveryCodes(db: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(code) })));
  return codes;
}

/** Spends `code` if it is one of the account's unused codes: one conditional update, so it is spent once. */
export async function spendRecoveryCode(db: Database, userId: number, code: string): Promise<boolean> {
  if (normalRecoveryCode(code).length !== 10) return false;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id })
    .all();
  return spent.length === 1;
}

export async function unusedRecoveryCodes(db: Database, userId: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.n ?? 0;
}

export async function removeRecoveryCodes(db: Database, userId: number): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
