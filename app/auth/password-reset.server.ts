/**
 * A forgotten password: a link sent to the account's confirmed address lets its holder choose a new one. The
 * request's answer is the same whether or not an account has the address, and takes about the same time
 * (`answerFloorMs`); requests are limited per address asked about and per client address. Using the link ends
 * every session of the account and starts one for the browser that used it.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { hit, limits, refund, refuseOverLimit } from "~/db/rate-limit.server";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";
import { composeMessage } from "~/mail/compose.server";
import { queueMail } from "~/mail/outbox.server";
import { startSession, type SignIn } from "./account.server";
import type { LinkContext } from "./email-address.server";
import { LINK_LIFETIME_MS, linkTokenLive, newLinkToken, spendAllLinks, spendLinkToken } from "./email-links.server";
import { hashPassword } from "./password.server";
import { destroyOtherSessions, type ClientInfo } from "./sessions.server";
import { enabledAccount, type UserRow } from "./users.server";

/** The least time a reset request takes to answer, found or not, so that the time tells nothing. */
export const answerFloorMs = 700;

/** Sends a reset link if an enabled account holds `email` confirmed; answers the same either way. */
export async function requestPasswordReset(
  db: Database,
  email: string,
  clientIp: string,
  context: LinkContext,
): Promise<void> {
  const started = Date.now();
  try {
    refuseOverLimit(
      ...(await Promise.all([
        hit(db, limits.resetByAddress, clientIp || "unknown"),
        hit(db, limits.resetByTarget, email),
      ])),
    );
    const user = await db
      .select()
      .from(users)
      .where(and(sql`${users.email} = ${email} COLLATE NOCASE`, isNotNull(users.emailConfirmedAt), enabledAccount))
      .get();
    if (!user?.email) return;
    const token = await newLinkToken(db, { userId: user.id, purpose: "reset", email: user.email });
    const link = `${context.origin}${context.locale === "en" ? "/en" : ""}/reset-password?token=${token}`;
    const message = await composeMessage(context.locale, context.siteName, {
      kind: "passwordReset",
      userName: user.userName,
      link,
      hours: LINK_LIFETIME_MS / 3_600_000,
    });
    await queueMail(db, { kind: "passwordReset", to: user.email, locale: context.locale, message });
  } finally {
    const wait = answerFloorMs - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Uses a reset link: the new password is set, every session and every other reset link of the account ends, and
 * a session starts for this browser. A link whose address is no longer the account's confirmed one is dead; a
 * disabled account's link changes nothing and says so, as signing in does. The link is looked up (a cheap read)
 * before the password is hashed, and attempts are counted per client address, so that nobody can make the
 * server hash passwords for dead links at will.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string },
  request: Request,
  client: ClientInfo,
): Promise<{ user: UserRow } & SignIn> {
  const address = client.ip || "unknown";
  refuseOverLimit(await hit(db, limits.resetAttemptsByAddress, address));
  if (!(await linkTokenLive(db, input.token, "reset"))) throw new ServiceError(400, "auth.reset.linkInvalid");
  const passwordHash = await hashPassword(input.password);
  const user = await writeTransaction(db, async (tx) => {
    const spent = await spendLinkToken(tx, input.token, "reset");
    const row = spent && (await tx.select().from(users).where(eq(users.id, spent.userId)).get());
    if (!spent || !row?.emailConfirmedAt || row.email?.toLowerCase() !== spent.email.toLowerCase()) {
      throw new ServiceError(400, "auth.reset.linkInvalid");
    }
    // Thrown inside the transaction: nothing is written, the link stays unspent.
    if (row.disabledAt) throw new ServiceError(403, "auth.accountDisabled");
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.id));
    await destroyOtherSessions(tx, row.id);
    await spendAllLinks(tx, row.id, "reset");
    return row;
  });
  await refund(db, limits.resetAttemptsByAddress, address);
  // A reset link replaces the password, not the second factor: an account with one still gives it.
  return { user, ...(await startSession(db, user, request, client, undefined, { withPassword: true })) };
}
