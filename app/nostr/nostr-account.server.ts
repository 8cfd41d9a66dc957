import { eq } from "drizzle-orm";
import { npubEncode } from "nostr-tools/nip19";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { identityKey } from "~/auth/member-keys.server";
import { memberIdentifier, relayUrlOf } from "./names.server";

/** What the profile shows of a member on Nostr: their address here, key, whether it is their own, lightning address. */
export async function nostrAccount(db: Database, userId: number, origin: string) {
  const row = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!row) return null;
  const pubkey = identityKey(row);
  return {
    name: row.displayName || row.userName,
    about: row.about,
    relayUrl: relayUrlOf(origin),
    identifier: pubkey ? memberIdentifier(row.userName, origin) : null,
    pubkey,
    npub: pubkey ? npubEncode(pubkey) : null,
    linked: row.nostrPub !== null,
    lightningAddress: row.lightningAddress,
  };
}
