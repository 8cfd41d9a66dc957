import type { Locale } from "~/i18n/locales";
import { loadIdentityMaker } from "~/identity/store";

/**
 * What login and registration send about this browser: its public key and device name, the identity made
 * first if it has none. Nothing when no identity can be made (no storage): the account works without it.
 */
export async function signInDevice(locale: Locale): Promise<{ pub?: string; deviceName?: string }> {
  try {
    const identity = await (await loadIdentityMaker()).ensureIdentity(locale);
    return { pub: identity.pub, deviceName: identity.deviceName };
  } catch {
    return {};
  }
}
