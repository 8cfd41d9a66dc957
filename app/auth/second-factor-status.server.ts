/** Whether an account has a second factor, and which: what every sign-in and sensitive change asks first. */
import type { Database } from "~/db/client.server";
import { unusedRecoveryCodes } from "./recovery-codes.server";
import { totpEnabledAt } from "./totp.server";

export interface SecondFactorStatus {
  /** When the authenticator app was enabled; null without one. */
  totpSince: Date | null;
  recoveryCodesLeft: number;
}

export async function secondFactorStatus(db: Database, userId: number): Promise<SecondFactorStatus> {
  const [totpSince, recoveryCodesLeft] = await Promise.all([
    totpEnabledAt(db, userId),
    unusedRecoveryCodes(db, userId),
  ]);
  return { totpSince, recoveryCodesLeft };
}

export async function hasSecondFactor(db: Database, userId: number): Promise<boolean> {
  return (await totpEnabledAt(db, userId)) !== null;
}
