/**
 * Anonymous commenters' addresses: one left beside a comment (never inside its signed event) hears of that
 * comment's approval and of replies to it, once its holder confirmed it from the one message sent to it first
 * (double opt-in: a stranger cannot make the site mail someone else). A confirmed address needs no new
 * confirmation for later comments; an unconfirmed one is forgotten after CONFIRM_LIFETIME_MS; unsubscribing
 * forgets it. Only this module and the notices read the addresses: no page, event or API shows them.
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { hit, limits, refuseOverLimit } from "~/db/rate-limit.server";
import { commentNotifyAddresses, commenterAddresses, comments } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import type { Locale } from "~/i18n/locales";
import { linkSigned, signLink } from "~/keys/link-signature.server";
import { addressKey } from "~/lib/address-key.server";
import { composeMessage } from "~/mail/compose.server";
import { queueMail } from "~/mail/outbox.server";
import { getAppConfig } from "~/settings/app-config.server";

/** The unsubscribe list of commenters' addresses (the subject is the address's id). */
export const COMMENTER_LIST = "notify.commenter";

/** How long a confirmation link works, and an unconfirmed address is kept. */
export const CONFIRM_LIFETIME_MS = 48 * 60 * 60_000;

const purpose = "commenter-confirm\n";
const sameAddress = (email: string) => sql`${commenterAddresses.email} = ${email} COLLATE NOCASE`;

async function addressRow(db: Database, email: string) {
  return db.select().from(commenterAddresses).where(sameAddress(email)).get();
}

/**
 * Before a comment with an address is stored: an address not yet confirmed will be sent a confirmation, so its
 * budgets (per client and per address) are spent here, and a refusal (429) stores nothing.
 */
export async function refuseConfirmationFlood(db: Database, email: string, clientIp: string): Promise<void> {
  if ((await addressRow(db, email))?.confirmedAt) return;
  refuseOverLimit(
    ...(await Promise.all([
      hit(db, limits.commenterConfirmByAddress, addressKey(clientIp || "unknown")),
      hit(db, limits.commenterConfirmByTarget, email.toLowerCase()),
    ])),
  );
}

/**
 * Ties a stored anonymous comment to the address its author left; an address not yet confirmed is sent (again)
 * its confirmation link, in the language of the page commented on.
 */
export async function rememberCommenterAddress(
  db: Database,
  commentId: number,
  email: string,
  { origin, locale, now = Date.now() }: { origin: string; locale: Locale; now?: number },
): Promise<void> {
  await db
    .insert(commenterAddresses)
    .values({ email, createdAt: new Date(now) })
    .onConflictDoNothing()
    .run();
  const address = (await addressRow(db, email))!;
  if (address.confirmedAt) {
    await db.insert(commentNotifyAddresses).values({ commentId, addressId: address.id }).onConflictDoNothing().run();
    return;
  }
  const token = await confirmationToken(db, address.id, now);
  const link = `${origin}${locale === "en" ? "/en" : ""}/confirm-email/comments?token=${token}`;
  const siteName = (await getAppConfig()).siteName[locale];
  const message = await composeMessage(locale, siteName, {
    kind: "commenterConfirm",
    link,
    hours: CONFIRM_LIFETIME_MS / 3_600_000,
  });
  await writeTransaction(db, async (tx) => {
    await tx.insert(commentNotifyAddresses).values({ commentId, addressId: address.id }).onConflictDoNothing().run();
    // Asked again: the address is kept as long as its newest link works.
    await tx
      .update(commenterAddresses)
      .set({ createdAt: new Date(now) })
      .where(eq(commenterAddresses.id, address.id))
      .run();
    await queueMail(tx, { kind: "commenterConfirm", to: address.email, locale, message, now });
  });
}

async function confirmationToken(db: Database, addressId: number, now: number): Promise<string> {
  const body = `${addressId}.${now + CONFIRM_LIFETIME_MS}`;
  return `${body}.${await signLink(db, purpose + body)}`;
}

/** The unconfirmed or confirmed address a confirmation link names, while it works; null otherwise. */
export async function addressOfConfirmation(db: Database, token: string, now = Date.now()) {
  const match = /^(\d{1,15})\.(\d{1,15})\.([\w-]{1,40})$/.exec(token);
  if (!match || Number(match[2]) < now) return null;
  if (!(await linkSigned(db, `${purpose}${match[1]}.${match[2]}`, match[3]!))) return null;
  return (
    (await db
      .select()
      .from(commenterAddresses)
      .where(eq(commenterAddresses.id, Number(match[1])))
      .get()) ?? null
  );
}

/** Confirms the address; confirming twice changes nothing more. */
export async function confirmCommenterAddress(db: Database, addressId: number, now = Date.now()): Promise<void> {
  await db
    .update(commenterAddresses)
    .set({ confirmedAt: new Date(now) })
    .where(and(eq(commenterAddresses.id, addressId), isNull(commenterAddresses.confirmedAt)))
    .run();
}

/** A confirmed address by its id (the subject of its unsubscribe links). */
export async function confirmedCommenterAddress(db: Database, addressId: number) {
  const row = await db.select().from(commenterAddresses).where(eq(commenterAddresses.id, addressId)).get();
  return row?.confirmedAt ? row : null;
}

/** Forgets an address (unsubscribing): no comment hears anything at it any more. */
export async function forgetCommenterAddress(db: Database, addressId: number): Promise<void> {
  await db.delete(commenterAddresses).where(eq(commenterAddresses.id, addressId)).run();
}

/** Unties a comment from its address (its author deleted it): no notice is sent about it any more. */
export async function untieCommentAddress(db: Pick<Database, "delete">, commentId: number): Promise<void> {
  await db.delete(commentNotifyAddresses).where(eq(commentNotifyAddresses.commentId, commentId)).run();
}

/**
 * The confirmed address that hears about a comment, when it has one and the comment is still there (not
 * deleted by its author, not in the trash or spam).
 */
export async function commentAddress(db: Database, commentId: number) {
  const row = await db
    .select({ addressId: commenterAddresses.id, email: commenterAddresses.email, status: comments.status })
    .from(commentNotifyAddresses)
    .innerJoin(commenterAddresses, eq(commenterAddresses.id, commentNotifyAddresses.addressId))
    .innerJoin(comments, eq(comments.id, commentNotifyAddresses.commentId))
    .where(
      and(
        eq(commentNotifyAddresses.commentId, commentId),
        sql`${commenterAddresses.confirmedAt} IS NOT NULL`,
        isNull(comments.deletedAt),
      ),
    )
    .get();
  return row && row.status === "approved" ? { addressId: row.addressId, email: row.email } : null;
}

/** Forgets addresses never confirmed while their links worked. */
export async function pruneUnconfirmedAddresses(db: Database, now = Date.now()): Promise<void> {
  await db
    .delete(commenterAddresses)
    .where(
      and(
        isNull(commenterAddresses.confirmedAt),
        lt(commenterAddresses.createdAt, new Date(now - CONFIRM_LIFETIME_MS)),
      ),
    )
    .run();
}
