/**
 * A member's e-mail address: set or changed by the member and confirmed through a link sent there, or recorded as
 * confirmed when a sign-in provider vouches for it. Addresses are unique among members regardless of case (the
 * database's index) and never shown to other members. An address another member holds is not revealed either:
 * the answer is the same, and no link is sent.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { writeTransaction } from "~/db/transaction.server";
import type { Locale } from "~/i18n/locales";
import { ServiceError } from "~/lib/service-error";
import { composeMessage } from "~/mail/compose.server";
import { queueMail } from "~/mail/outbox.server";
import { LINK_LIFETIME_MS, newLinkToken, spendAllLinks, spendLinkToken } from "./email-links.server";
import { isUniqueViolation } from "./users.server";

/** Where a link points and how the message names the site. */
export interface LinkContext {
  locale: Locale;
  /** The site's origin, for the link. */
  origin: string;
  siteName: string;
}

async function holderOf(db: Database, email: string): Promise<number | undefined> {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email} COLLATE NOCASE`)
    .get();
  return row?.id;
}

/**
 * Sends a confirmation link to `email` for the member; the address becomes theirs when the link is used, and
 * every earlier link of theirs ends. `requireProof` runs unless the address is the member's own, unconfirmed one
 * (asking again for its link adds no way to sign in); it throws when the session may not add one.
 */
export async function requestAddressChange(
  db: Database,
  userId: number,
  email: string,
  context: LinkContext,
  requireProof: () => Promise<void>,
): Promise<void> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ServiceError(404, "manage.userNotFound");
  const sameUnconfirmed = !user.emailConfirmedAt && user.email?.toLowerCase() === email.toLowerCase();
  if (!sameUnconfirmed) await requireProof();
  refuseOverLimit(await hit(db, limits.addressChangeByUser, String(userId)));
  const holder = await holderOf(db, email);
  if (holder !== undefined && holder !== userId) return;
  if (holder === userId && user.emailConfirmedAt && user.email === email) return;
  await spendAllLinks(db, userId, "confirm");
  const token = await newLinkToken(db, { userId, purpose: "confirm", email });
  const link = `${context.origin}${context.locale === "en" ? "/en" : ""}/confirm-email?token=${token}`;
  const message = await composeMessage(context.locale, context.siteName, {
    kind: "addressConfirm",
    userName: user.userName,
    link,
    hours: LINK_LIFETIME_MS / 3_600_000,
  });
  await queueMail(db, { kind: "addressConfirm", to: email, locale: context.locale, message });
}

/**
 * Uses a confirmation link: the address it was sent to becomes the member's, confirmed, and every other link of
 * theirs ends. When it replaces another confirmed address, that address is told (in `locale`, the language the
 * link was opened in), so that an owner whose session was stolen learns of it.
 */
export async function confirmAddress(
  db: Database,
  token: string,
  { locale, siteName }: Pick<LinkContext, "locale" | "siteName">,
): Promise<{ userId: number; email: string }> {
  try {
    return await writeTransaction(db, async (tx) => {
      const spent = await spendLinkToken(tx, token, "confirm");
      if (!spent) throw new ServiceError(400, "auth.email.linkInvalid");
      const before = await tx.select().from(users).where(eq(users.id, spent.userId)).get();
      await tx
        .update(users)
        .set({ email: spent.email, emailConfirmedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, spent.userId));
      await spendAllLinks(tx, spent.userId, "confirm");
      const old = before?.emailConfirmedAt ? before.email : null;
      if (before && old && old.toLowerCase() !== spent.email.toLowerCase()) {
        const message = await composeMessage(locale, siteName, {
          kind: "addressChanged",
          userName: before.userName,
          newAddress: spent.email,
        });
        await queueMail(tx, { kind: "addressChanged", to: old, locale, message });
      }
      return spent;
    });
  } catch (error) {
    if (isUniqueViolation(error, "email")) throw new ServiceError(409, "auth.email.taken");
    throw error;
  }
}

/**
 * An address a sign-in provider says is verified becomes the member's confirmed address, when they have none
 * confirmed and no other member holds it.
 */
export async function recordVerifiedAddress(db: Database, userId: number, email: string | undefined): Promise<void> {
  if (!email || email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) return;
  try {
    await db
      .update(users)
      .set({ email, emailConfirmedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)));
  } catch (error) {
    if (!isUniqueViolation(error, "email")) throw error;
  }
}

/** The member's address as their profile shows it (to them only). */
export async function ownAddress(db: Database, userId: number): Promise<{ email: string | null; confirmed: boolean }> {
  const row = await db
    .select({ email: users.email, confirmedAt: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  return { email: row?.email ?? null, confirmed: Boolean(row?.email && row.confirmedAt) };
}
