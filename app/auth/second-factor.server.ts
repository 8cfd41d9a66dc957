/**
 * The member's second factor: setting up the authenticator app (its recovery codes come with it), proving the
 * factor (a code from the app or a recovery code), making new recovery codes and removing the factor. Adding,
 * removing and new codes need recent proof, the second factor included once there is one.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { hit, limits, refuseOverLimit, reset } from "~/db/rate-limit.server";
import { ServiceError } from "~/lib/service-error";
import type { CurrentUser } from "./current-user.server";
import { removeRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from "./recovery-codes.server";
import { requireRecentProof } from "./recent-proof.server";
import { hasSecondFactor } from "./second-factor-status.server";
import { removeTotp, spendTotpCode, startTotpSetup, type TotpSetup } from "./totp.server";

type SessionHolder = Pick<CurrentUser, "id" | "sessionId">;

const wrongCode = () =>
  new ServiceError(400, "auth.secondFactor.wrongCode", {
    issues: [{ path: "code", message: "auth.secondFactor.wrongCode" }],
  });

/**
 * Checks `code` against the account's second factor: six digits are the authenticator's, anything else a
 * recovery code (spent). Attempts are counted per account before the code is looked at; a success clears them.
 */
export async function proveSecondFactor(db: Database, userId: number, code: string): Promise<void> {
  refuseOverLimit(await hit(db, limits.secondFactorByUser, String(userId)));
  const digits = /^[\d۰-۹٠-٩\s]+$/.test(code);
  const ok = digits ? await spendTotpCode(db, userId, code) : await spendRecoveryCode(db, userId, code);
  if (!ok) throw wrongCode();
  await reset(db, limits.secondFactorByUser, String(userId));
}

/** Notes on the session that its holder gave the second factor now (recent-proof.server.ts reads it). */
async function markSecondFactor(db: Database, user: SessionHolder): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: new Date() })
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)));
}

/** The profile's "confirm it's you" for an account with a second factor: a code, noted on the session. */
export async function confirmSecondFactor(db: Database, user: SessionHolder, code: string): Promise<void> {
  if (!(await hasSecondFactor(db, user.id))) throw new ServiceError(409, "auth.secondFactor.none");
  await proveSecondFactor(db, user.id, code);
  await markSecondFactor(db, user);
}

/** Starts setting up the authenticator app: refused while one is enabled (remove it first). */
export async function beginTotp(
  db: Database,
  user: SessionHolder & Pick<CurrentUser, "userName">,
  issuer: string,
): Promise<TotpSetup> {
  await requireRecentProof(db, user);
  const setup = await startTotpSetup(db, user, issuer);
  if (!setup) throw new ServiceError(409, "auth.secondFactor.totpExists");
  return setup;
}

/**
 * Enables the authenticator being set up with a code from it, and returns the account's new recovery codes
 * (shown once). The session has just given the factor: it counts as proof.
 */
export async function enableTotp(db: Database, user: SessionHolder, code: string): Promise<string[]> {
  await requireRecentProof(db, user);
  refuseOverLimit(await hit(db, limits.secondFactorByUser, String(user.id)));
  if (!(await spendTotpCode(db, user.id, code, { enabled: false }))) throw wrongCode();
  await reset(db, limits.secondFactorByUser, String(user.id));
  const codes = await replaceRecoveryCodes(db, user.id);
  await markSecondFactor(db, user);
  return codes;
}

/** New recovery codes in place of the old ones (all of them, used or not). */
export async function newRecoveryCodes(db: Database, user: SessionHolder): Promise<string[]> {
  if (!(await hasSecondFactor(db, user.id))) throw new ServiceError(409, "auth.secondFactor.none");
  await requireRecentProof(db, user);
  return replaceRecoveryCodes(db, user.id);
}

/** Removes the authenticator app, and with the last factor the recovery codes. */
export async function removeAuthenticator(db: Database, user: SessionHolder): Promise<void> {
  if (!(await hasSecondFactor(db, user.id))) throw new ServiceError(409, "auth.secondFactor.none");
  await requireRecentProof(db, user);
  await writeTransaction(db, async (tx) => {
    await removeTotp(tx, user.id);
    await removeRecoveryCodes(tx, user.id);
  });
}
