/**
 * Making identities: a secp256k1 key pair (nostr-tools) and a random display name from the locale's word
 * list. Loaded on demand (see store.ts), so pages do not carry the key code and word lists on first load.
 */
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event, type EventTemplate } from "nostr-tools/pure";
import { bytesToHex, hexToBytes } from "nostr-tools/utils";
import type { Locale } from "~/i18n/locales";
import { keyProofTemplate, type KeyProofAction } from "./key-proof";
import { loadNameList, randomDisplayName } from "./random-name";
import {
  changeEvent,
  messagingSessionKey,
  readIdentity,
  readPrivateKey,
  readProfile,
  sessionStore,
  storage,
  storageKeys,
  type LocalProfile,
} from "./store";

// The curve's code makes a table of multiples of its base point at the first key or signature. With its default
// window (8 bits, 4,096 points) a first key took 23 ms on a development machine, four times that on a phone, in
// the task that makes a new browser's key as its first page starts; with a 4-bit window (512 points), 8 ms. Each
// later key or signature costs about 0.3 ms more, and a page makes few; the multiplication stays constant-time.
// nostr-tools shares this copy of the curve (the dependency is pinned to its version).
secp256k1.Point.BASE.precompute(4);

export function writeIdentity(profile: LocalProfile, privateKey?: string): void {
  const store = storage();
  if (!store) return;
  if (privateKey) store.setItem(storageKeys.privateKey, privateKey);
  store.setItem(storageKeys.profile, JSON.stringify(profile));
  store.setItem(storageKeys.loggedIn, "true");
  window.dispatchEvent(new Event(changeEvent));
}

/** Logout: the profile and the key are gone, and logged-in is false, until a fresh identity is made. */
export function clearIdentity(): void {
  const store = storage();
  if (!store) return;
  store.removeItem(storageKeys.profile);
  store.removeItem(storageKeys.privateKey);
  store.setItem(storageKeys.loggedIn, "false");
  // The unlocked messaging key goes too (another tab's goes when it next finds the session gone).
  sessionStore()?.removeItem(messagingSessionKey);
  window.dispatchEvent(new Event(changeEvent));
  // The messages read with the key go with it: the local inbox is deleted and made again, empty.
  void import("./local-inbox").then((inbox) => inbox.wipeInbox());
}

/** A new key pair with a guest's profile (random name, the "new comer" about text), not yet kept. */
async function newIdentity(locale: Locale): Promise<{ profile: LocalProfile; privateKey: string }> {
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
  return { profile, privateKey: bytesToHex(secret) };
}

/** A brand-new guest identity: new key pair, random name, the "new comer" about text. */
export async function createIdentity(locale: Locale): Promise<LocalProfile> {
  const { profile, privateKey } = await newIdentity(locale);
  writeIdentity(profile, privateKey);
  return profile;
}

/** The identity this browser has, made first when there is none. */
export async function ensureIdentity(locale: Locale): Promise<LocalProfile> {
  return readIdentity() ?? (await createIdentity(locale));
}

/**
 * This browser's key with its proof of possession for `action` on this site (./key-proof), made now; null when
 * the browser has no complete identity.
 */
export function provenKey(action: KeyProofAction): { pub: string; proof: Event } | null {
  const profile = readIdentity();
  const secret = readPrivateKey();
  if (!profile || !secret) return null;
  const proof = finalizeEvent(keyProofTemplate(window.location.origin, action), hexToBytes(secret));
  return proof.pubkey === profile.pub ? { pub: profile.pub, proof } : null;
}

/** `template` signed by this browser's device key; null when the browser has no complete identity. */
export function signedByDevice(template: EventTemplate): Event | null {
  const secret = readPrivateKey();
  return readIdentity() && secret ? finalizeEvent(template, hexToBytes(secret)) : null;
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

/** Logout: the old identity goes and a fresh guest identity takes its place. */
export async function resetIdentity(locale: Locale): Promise<LocalProfile> {
  clearIdentity();
  return createIdentity(locale);
}

/** The account a session is signed in to, as far as the browser's identity takes it in. */
export interface SessionAccount {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  displayName: string;
  about: string;
}

/**
 * Brings the identity in step with the session: login merges the account's profile into it
 * (the key and the device name stay); when the account's session is gone (logout here or elsewhere, a
 * password change elsewhere) the identity is cleared and a fresh guest identity made.
 */
export async function syncWithSession(user: SessionAccount | null, locale: Locale): Promise<void> {
  if (!user) {
    // Signed out here or in another tab: this tab's unlocked messaging key goes.
    sessionStore()?.removeItem(messagingSessionKey);
    if (readProfile()?.userId) await resetIdentity(locale);
    else await ensureIdentity(locale);
    return;
  }
  // A browser without an identity gets its key with the account's profile in one write: one change for the
  // page to render, not a guest's and then the account's.
  let current = readIdentity();
  let privateKey: string | undefined;
  if (!current) ({ profile: current, privateKey } = await newIdentity(locale));
  const next: LocalProfile = {
    ...current,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    about: user.about,
    userId: user.id,
    userName: user.userName,
  };
  if (privateKey || JSON.stringify(next) !== JSON.stringify(current)) writeIdentity(next, privateKey);
}
