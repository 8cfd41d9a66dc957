/** Whether an account has a second factor, and which: what every sign-in and sensitive change asks first. */
import type { Database } from "~/db/client.server";
import { passkeyCount, passkeysOf, type PasskeyView } from "./passkeys.server";
import { unusedRecoveryCodes } from "./recovery-codes.server";
import { totpEnabledAt } from "./totp.server";

export interface SecondFactorStatus {
  /** When the authenticator app was enabled; null without one. */
  totpSince: Date | null;
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
}

export async function secondFactorStatus(db: Database, userId: number): Promise<SecondFactorStatus> {
  const [totpSince, recoveryCodesLeft, keys] = await Promise.all([
    totpEnabledAt(db, userId),
    unusedRecoveryCodes(db, userId),
    passkeysOf(db, userId),
  ]);
  return { totpSince, recoveryCodesLeft, passkeys: keys };
}

/** An authenticator app or a passkey (recovery codes stand in for them, they are not a factor of their own). */
export async function hasSecondFactor(db: Database, userId: number): Promise<boolean> {
  const [totp, keys] = await Promise.all([totpEnabledAt(db, userId), passkeyCount(db, userId)]);
  return totp !== null || keys > 0;
}
