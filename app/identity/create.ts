/**
 * Making identities: a secp256k1 key pair (nostr-tools) and a random display name from the locale's word
 * list. Loaded on demand (see store.ts), so pages do not carry the key code and word lists on first load.
 */
import { generateSecretKey, getPublicKey } from "nostr-tools/pure";
import { bytesToHex } from "nostr-tools/utils";
import type { Locale } from "~/i18n/locales";
import { loadNameList, randomDisplayName } from "./random-name";
import { readIdentity, writeIdentity, type LocalProfile } from "./store";

/** A brand-new guest identity: new key pair, random name, the "new comer" about text. */
export async function createIdentity(locale: Locale): Promise<LocalProfile> {
  const list = await loadNameList(locale);
  const secret = generateSecretKey();
  const name = randomDisplayName(list, locale);
  const profile: LocalProfile = {
    firstName: "",
    lastName: "",
    displayName: name,
    about: list.newcomer,
    pub: getPublicKey(secret),
    deviceName: name,
  };
  writeIdentity(profile, bytesToHex(secret));
  return profile;
}

/** The identity this browser has, made first when there is none. */
export async function ensureIdentity(locale: Locale): Promise<LocalProfile> {
  return readIdentity() ?? (await createIdentity(locale));
}

/**
 * "New random name": a guest takes it as display and device name; a signed-in user keeps the account's
 * display name and renames only this device.
 */
export async function renameIdentity(locale: Locale): Promise<LocalProfile> {
  const current = await ensureIdentity(locale);
  const list = await loadNameList(locale);
  let name = randomDisplayName(list, locale);
  while (name === current.deviceName) name = randomDisplayName(list, locale);
  const next: LocalProfile = current.userId
    ? { ...current, deviceName: name }
    : { ...current, displayName: name, deviceName: name };
  writeIdentity(next);
  return next;
}
