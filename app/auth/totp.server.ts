/**
 * The authenticator app (TOTP: SHA-1, six digits, 30-second steps, as every app reads them). Setting one up
 * stores a new secret not yet enabled and shows it once (as a QR code and as text); a code from the app enables
 * it. A code is accepted for its step, the one before or the one after (clocks drift), and only once: the
 * newest accepted step is kept per account and a code of that step or an older one is refused, by a conditional
 * update every instance shares.
 */
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Database } from "~/db/client.server";
import { asciiDigits } from "~/i18n/format";
import { totpAuthenticators } from "~/db/schema";

const period = 30;

function totpOf(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period, secret: Secret.fromBase32(secret) });
}

/** A code as typed: Persian or Arabic-Indic digits read as digits, spaces dropped. */
function normalTotpCode(code: string): string {
  return asciiDigits(code).replace(/\s/g, "");
}

export interface TotpSetup {
  secret: string;
  uri: string;
  /** The `otpauth://` address as a QR code (SVG markup made here, from nothing the member wrote but the name). */
  qrSvg: string;
}

/**
 * Starts (or starts again) setting up the account's authenticator: a new secret, stored not enabled. An enabled
 * one is left alone (it is removed first).
 */
export async function startTotpSetup(
  db: Database,
  user: { id: number; userName: string },
  issuer: string,
): Promise<TotpSetup | null> {
  const secret = new Secret({ size: 20 }).base32;
  const written = await db
    .insert(totpAuthenticators)
    .values({ userId: user.id, secret })
    .onConflictDoUpdate({
      target: totpAuthenticators.userId,
      set: { secret, lastStep: 0, createdAt: new Date() },
      setWhere: isNull(totpAuthenticators.enabledAt),
    })
    .returning({ userId: totpAuthenticators.userId })
    .all();
  if (written.length === 0) return null;
  const uri = totpOf(secret, user.userName, issuer).toString();
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/**
 * Whether `code` is a fresh code of the account's authenticator (`enabled`: an enabled one, else the one being
 * set up); a fresh code is spent. `now` is the time to judge by (tests move it).
 */
export async function spendTotpCode(
  db: Database,
  userId: number,
  code: string,
  { enabled = true, now = Date.now() }: { enabled?: boolean; now?: number } = {},
): Promise<boolean> {
  const token = normalTotpCode(code);
  if (!/^\d{6}$/.test(token)) return false;
  const row = await db
    .select({ secret: totpAuthenticators.secret })
    .from(totpAuthenticators)
    .where(
      and(
        eq(totpAuthenticators.userId, userId),
        enabled ? isNotNull(totpAuthenticators.enabledAt) : isNull(totpAuthenticators.enabledAt),
      ),
    )
    .get();
  if (!row) return false;
  const delta = totpOf(row.secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / period) + delta;
  const spent = await db
    .update(totpAuthenticators)
    .set({ lastStep: step, ...(enabled ? {} : { enabledAt: new Date(now) }) })
    .where(and(eq(totpAuthenticators.userId, userId), lt(totpAuthenticators.lastStep, step)))
    .returning({ userId: totpAuthenticators.userId })
    .all();
  return spent.length === 1;
}

/** When the account's authenticator was enabled; null when it has none (or one only being set up). */
export async function totpEnabledAt(db: Database, userId: number): Promise<Date | null> {
  const row = await db
    .select({ enabledAt: totpAuthenticators.enabledAt })
    .from(totpAuthenticators)
    .where(eq(totpAuthenticators.userId, userId))
    .get();
  return row?.enabledAt ?? null;
}

export async function removeTotp(db: Database, userId: number): Promise<void> {
  await db.delete(totpAuthenticators).where(eq(totpAuthenticators.userId, userId));
}
