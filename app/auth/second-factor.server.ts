/**
 * The member's second factor: setting up the authenticator app and adding passkeys (the first factor brings
 * recovery codes), proving the factor (a code from the app, a recovery code or a passkey), making new recovery
 * codes and removing a factor. Adding, removing and new codes need recent proof, the second factor included once
 * there is one; removing the last factor ends the recovery codes.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passkeys, pendingSignIns, sessions } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { hit, limits, refuseOverLimit, reset } from "~/db/rate-limit.server";
import { ServiceError } from "~/lib/service-error";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { CurrentUser } from "./current-user.server";
import { addPasskey, deletePasskey, verifyPasskey } from "./passkeys.server";
import {
  removeRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
  unusedRecoveryCodes,
} from "./recovery-codes.server";
import { requireRecentProof } from "./recent-proof.server";
import { hasSecondFactor } from "./second-factor-status.server";
import { forgetDeviceFactors } from "./devices.server";
import { destroyOtherSessions } from "./sessions.server";
import { removeTotp, spendTotpCode, startTotpSetup, type TotpSetup } from "./totp.server";

type SessionHolder = Pick<CurrentUser, "id" | "sessionId">;

const wrongCode = () =>
  new ServiceError(400, "auth.secondFactor.wrongCode", {
    issues: [{ path: "code", message: "auth.secondFactor.wrongCode" }],
  });

/** What stands for the second factor: a code (the app's or a recovery code) or a passkey's answer. */
export type SecondFactorProof = { code: string } | { passkey: AuthenticationResponseJSON };

/**
 * Checks `proof` against the account's second factor: six digits are the authenticator's, other text a recovery
 * code (spent), a passkey's answer to a challenge made for `purpose` and this account. Codes are counted per
 * account before they are looked at, and wrong ones in a row until a success; a success clears both.
 */
export async function proveSecondFactor(
  db: Database,
  userId: number,
  proof: SecondFactorProof,
  request: Request,
  purpose: "second-step" | "confirm",
): Promise<void> {
  const subject = String(userId);
  if ("passkey" in proof) {
    // A passkey's answer is a signature, not a guess: it spends no code budget, so codes guessed by whoever has
    // the password cannot keep the member's passkey out.
    await verifyPasskey(db, proof.passkey, request, purpose, userId);
  } else {
    refuseOverLimit(await hit(db, limits.secondFactorByUser, subject));
    const digits = /^[\d۰-۹٠-٩\s]+$/.test(proof.code);
    if (digits && (await hit(db, limits.secondFactorFailures, subject, 0)).count >= limits.secondFactorFailures.max) {
      throw new ServiceError(429, "auth.secondFactor.locked", { reason: "code-failures" });
    }
    const ok = digits ? await spendTotpCode(db, userId, proof.code) : await spendRecoveryCode(db, userId, proof.code);
    if (!ok) {
      await hit(db, limits.secondFactorFailures, subject);
      throw wrongCode();
    }
  }
  await reset(db, limits.secondFactorByUser, subject);
  await reset(db, limits.secondFactorFailures, subject);
}

/** Notes on the session that its holder gave the second factor now (recent-proof.server.ts reads it). */
async function markSecondFactor(db: Database, user: SessionHolder): Promise<void> {
  await db
    .update(sessions)
    .set({ secondFactorAt: new Date() })
    .where(and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)));
}

/** The profile's "confirm it's you" for an account with a second factor: a code or a passkey, noted on the session. */
export async function confirmSecondFactor(
  db: Database,
  user: SessionHolder,
  proof: SecondFactorProof,
  request: Request,
): Promise<void> {
  if (!(await hasSecondFactor(db, user.id))) throw new ServiceError(409, "auth.secondFactor.none");
  await proveSecondFactor(db, user.id, proof, request, "confirm");
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
export async function removeAuthenticator(db: Database, user: SessionHolder, rules: RemovalRules = {}): Promise<void> {
  if (!(await hasSecondFactor(db, user.id))) throw new ServiceError(409, "auth.secondFactor.none");
  await requireRecentProof(db, user);
  await writeTransaction(db, async (tx) => {
    await removeTotp(tx, user.id);
    await afterRemoval(tx, user.id, rules);
  });
}

/** What removing a factor must leave: with `keepOne` (the owner requires a factor of this member), one factor. */
export interface RemovalRules {
  keepOne?: boolean;
}

/**
 * Inside the removal's transaction: without a factor left, refused under `keepOne` (the removal is undone), else
 * the recovery codes go with the last factor.
 */
async function afterRemoval(tx: Database, userId: number, { keepOne = false }: RemovalRules): Promise<void> {
  if (await hasSecondFactor(tx, userId)) return;
  if (keepOne) throw new ServiceError(409, "auth.secondFactor.required");
  await lastFactorGone(tx, userId);
}

/**
 * Adds a passkey (the answer to a registration challenge) named `name`. The account's first factor brings ten
 * recovery codes, returned to be shown once; otherwise none are returned.
 */
export async function addPasskeyFactor(
  db: Database,
  user: SessionHolder,
  name: string,
  response: RegistrationResponseJSON,
  request: Request,
): Promise<string[] | null> {
  await requireRecentProof(db, user);
  await addPasskey(db, user.id, name, response, request);
  await markSecondFactor(db, user);
  return (await unusedRecoveryCodes(db, user.id)) > 0 ? null : replaceRecoveryCodes(db, user.id);
}

/** Removes one of the caller's passkeys, and with the last factor the recovery codes. */
export async function removePasskeyFactor(
  db: Database,
  user: SessionHolder,
  id: string,
  rules: RemovalRules = {},
): Promise<void> {
  await requireRecentProof(db, user);
  await writeTransaction(db, async (tx) => {
    if (!(await deletePasskey(tx, user.id, id))) throw new ServiceError(404, "auth.passkey.notFound");
    await afterRemoval(tx, user.id, rules);
  });
}

/** What goes with the account's last factor: its recovery codes, and which browsers were recorded with it. */
async function lastFactorGone(db: Database, userId: number): Promise<void> {
  await removeRecoveryCodes(db, userId);
  await forgetDeviceFactors(db, userId);
}

/**
 * For someone who lost every factor and every recovery code, from the command line (the operator's word stands
 * for the proof): removes the account's authenticator app, passkeys and recovery codes, and ends its sessions and
 * pending sign-ins, so it signs in with its first factor alone next time. Whether there was anything to remove.
 */
export async function removeEverySecondFactor(db: Database, userId: number): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const had = await hasSecondFactor(tx, userId);
    await removeTotp(tx, userId);
    await tx.delete(passkeys).where(eq(passkeys.userId, userId));
    await lastFactorGone(tx, userId);
    await reset(tx, limits.secondFactorFailures, String(userId));
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
    await destroyOtherSessions(tx, userId);
    return had;
  });
}
