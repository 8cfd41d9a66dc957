/**
 * Nostr names at the site's domain (NIP-05): `<userName>@<site host>` names the key to write to a member (their
 * messaging key, else their identity key: `recipientKey`), and
 * `_@<site host>` (shown as the bare domain) the site's own key. The names document answers one name at a
 * time and never lists members.
 */
import type { Database } from "~/db/client.server";
import { recipientKeyByName } from "~/auth/member-keys.server";
import { sitePublicKey } from "~/keys/site-key.server";

/** The local part NIP-05 allows. */
export const nameLocalPart = /^[a-z0-9._-]+$/;

export interface NamesDocument {
  names: Record<string, string>;
  relays: Record<string, string[]>;
}

/** The names document for `?name=` (lower-cased, as identifiers are); `_` or nothing gives the site's key. */
export async function namesDocument(db: Database, name: string | null, relayUrl: string): Promise<NamesDocument> {
  const wanted = (name ?? "_").trim().toLowerCase();
  const doc: NamesDocument = { names: {}, relays: {} };
  if (wanted.length > 64 || !nameLocalPart.test(wanted)) return doc;
  const key = wanted === "_" ? await sitePublicKey(db) : await recipientKeyByName(db, wanted);
  if (!key) return doc;
  doc.names[wanted] = key;
  doc.relays[key] = [relayUrl];
  return doc;
}

/** A member's identifier at this site ("sara@daftar.example"), when their user name is a valid local part. */
export function memberIdentifier(userName: string, origin: string): string | null {
  const local = userName.toLowerCase();
  return nameLocalPart.test(local) ? `${local}@${new URL(origin).host}` : null;
}

/** The relay's address for a site origin: http → ws, https → wss. */
export function relayUrlOf(origin: string): string {
  return `${origin.replace(/^http/, "ws")}/relay`;
}
