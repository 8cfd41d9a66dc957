/**
 * Each account's messaging key (decision 028): the key messages to the member are addressed to, kept as its
 * public key and its secret encrypted in the member's browser under their messaging passphrase (NIP-49). The
 * server hands the encrypted secret to its owner only and can open neither it nor a message.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { messagingKeys } from "~/db/schema";
import { writeTransaction } from "~/db/transaction.server";
import { ServiceError } from "~/lib/service-error";

export interface MessagingKey {
  pubkey: string;
  ncryptsec: string;
}

/** The member's messaging key, or null before they made one. */
export async function messagingKeyOf(db: Database, userId: number): Promise<MessagingKey | null> {
  const row = await db
    .select({ pubkey: messagingKeys.pubkey, ncryptsec: messagingKeys.ncryptsec })
    .from(messagingKeys)
    .where(eq(messagingKeys.userId, userId))
    .get();
  return row ?? null;
}

/**
 * Keeps `input` as the member's messaging key unless they already have one: the first made wins, across tabs
 * and instances (the account is the table's key), and the others get the winner's to adopt (`created` false).
 * With `replaces`, the key named there gives way first, and only that one: a replacement based on a key that
 * was already replaced adopts the newer key instead of removing it. The caller has checked the key's proof.
 */
export async function saveMessagingKey(
  db: Database,
  userId: number,
  input: MessagingKey & { replaces?: string },
): Promise<{ key: MessagingKey; created: boolean }> {
  const key = await writeTransaction(db, async (tx) => {
    if (input.replaces) {
      await tx
        .delete(messagingKeys)
        .where(and(eq(messagingKeys.userId, userId), eq(messagingKeys.pubkey, input.replaces)));
    }
    await tx
      .insert(messagingKeys)
      .values({ userId, pubkey: input.pubkey, ncryptsec: input.ncryptsec })
      .onConflictDoNothing();
    return messagingKeyOf(tx, userId);
  });
  // Only a key already another account's leaves this one without any.
  if (!key) throw new ServiceError(409, "nostr.messaging.keyTaken");
  return { key, created: key.pubkey === input.pubkey && key.ncryptsec === input.ncryptsec };
}
