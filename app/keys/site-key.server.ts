/**
 * The site's own Nostr key pair: it signs what the site publishes in its own name (comments that were not
 * signed by their author) and is the site's identity in its relay information and names documents.
 * Made on first need and kept in the database, so every instance signs with the same key. The secret key
 * never leaves this module: nothing logs it, and only the public key is handed out.
 */
import { eq } from "drizzle-orm";
import { finalizeEvent, generateSecretKey, getPublicKey, type Event, type EventTemplate } from "nostr-tools/pure";
import { bytesToHex, hexToBytes } from "nostr-tools/utils";
import type { Database } from "~/db/client.server";
import { siteSecrets } from "~/db/schema";

const secretName = "nostr.site-key";
let cached: { secret: Uint8Array; pubkey: string } | undefined;

async function siteKey(db: Database): Promise<{ secret: Uint8Array; pubkey: string }> {
  if (cached) return cached;
  // Two instances making it at once: the first insert wins, both read the winner.
  await db
    .insert(siteSecrets)
    .values({ name: secretName, value: bytesToHex(generateSecretKey()) })
    .onConflictDoNothing()
    .run();
  const row = await db
    .select({ value: siteSecrets.value })
    .from(siteSecrets)
    .where(eq(siteSecrets.name, secretName))
    .get();
  if (!row || !/^[0-9a-f]{64}$/.test(row.value)) throw new Error("The site's Nostr key is missing or damaged");
  const secret = hexToBytes(row.value);
  cached = { secret, pubkey: getPublicKey(secret) };
  return cached;
}

/** The site's public key (64 lowercase hex). */
export async function sitePublicKey(db: Database): Promise<string> {
  return (await siteKey(db)).pubkey;
}

/** Signs `template` with the site's key. */
export async function signAsSite(db: Database, template: EventTemplate): Promise<Event> {
  return finalizeEvent(template, (await siteKey(db)).secret);
}
