/**
 * Carrying older messages over to the messaging key: what this browser read with an older key of the member
 * (its own device key, or a linked extension's) and the messaging key does not hold yet is copied to it
 * (`copyFor`) and published, so every browser the member signs in on reads it. Run once both keys' messages
 * are in from the relay, so nothing it already holds is copied again. Browser code, loaded on use.
 */
import type { Relay } from "nostr-tools/relay";
import { copyFor } from "~/keys/direct-messages";
import { hasMessage, inbox, inboxEvent } from "~/keys/local-inbox";
import type { Signer } from "~/keys/signer";

/** Copies what `earlier` read to `messaging` through `relay` (authenticated as it); how many it copied. */
export async function carryOver(relay: Relay, messaging: Signer, earlier: string): Promise<number> {
  const rows = await inbox.events.filter((e) => e.owner === earlier && e.status !== "Sending").toArray();
  let copied = 0;
  for (const row of rows) {
    if (await hasMessage(messaging.pubkey, row.rumorId)) continue;
    const { kind, content, created_at, tags, pubkey, rumorId, status, peer } = row;
    const rumor = { kind, content, created_at, tags, pubkey, id: rumorId };
    await relay.publish(await copyFor(messaging, rumor, { sent: status === "Sent", peer }));
    await inbox.events.add(inboxEvent(rumor, { status, peer, owner: messaging.pubkey }));
    copied += 1;
  }
  return copied;
}
