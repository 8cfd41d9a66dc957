/**
 * The visitor's local identity (a Nostr key pair, a random display name, an about text), kept in localStorage:
 * the profile, the device private key (separately, under `device-priv`) and the logged-in flag.
 * This module only reads, and is tiny on purpose: every page reads it for the avatar. Making, changing and
 * clearing an identity is in ./create, loaded on demand.
 */
import { useSyncExternalStore } from "react";

export const storageKeys = { profile: "profile", privateKey: "device-priv", loggedIn: "logged-in" } as const;

/** Where a tab holds the member's unlocked messaging key (sessionStorage; see ./messaging-key). */
export const messagingSessionKey = "messaging-key";

export function sessionStore(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export interface LocalProfile {
  firstName: string;
  lastName: string;
  displayName: string;
  about: string;
  /** Public key, 64 lowercase hex. */
  pub: string;
  /** The name of this browser: the random name it was given. */
  deviceName: string;
  /** The account this browser is signed in to, merged in at login; absent for a guest. */
  userId?: number;
  userName?: string;
}

/** Raised on this window when the identity changes (other tabs get the "storage" event). */
export const changeEvent = "daftar:identity";

export function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

let cachedRaw: string | null | undefined;
let cachedProfile: LocalProfile | null = null;

export function readProfile(): LocalProfile | null {
  const raw = storage()?.getItem(storageKeys.profile) ?? null;
  if (raw === cachedRaw) return cachedProfile;
  cachedRaw = raw;
  try {
    const value = raw ? (JSON.parse(raw) as LocalProfile) : null;
    cachedProfile = value && typeof value.pub === "string" && typeof value.displayName === "string" ? value : null;
  } catch {
    cachedProfile = null;
  }
  return cachedProfile;
}

export function readPrivateKey(): string | null {
  const value = storage()?.getItem(storageKeys.privateKey) ?? null;
  return value && /^[0-9a-f]{64}$/.test(value) ? value : null;
}

/** The identity when it is complete (a profile and its key); otherwise null. */
export function readIdentity(): LocalProfile | null {
  return readPrivateKey() ? readProfile() : null;
}

function subscribe(listener: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(storageKeys).includes(event.key as never)) listener();
  };
  window.addEventListener(changeEvent, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(changeEvent, listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The local profile, kept current (other tabs included); null on the server and before it exists. */
export function useLocalProfile(): LocalProfile | null {
  return useSyncExternalStore(subscribe, readProfile, () => null);
}

/** Loads the code that makes identities (key generation and word lists), once, when first needed. */
export const loadIdentityMaker = () => import("./create");
