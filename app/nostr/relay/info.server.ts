/** The relay information document (NIP-11), served at the relay's own address for `Accept: application/nostr+json`. */
import { config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { AppConfig } from "~/settings/app-config";
import { siteOwner } from "~/auth/member-keys.server";
import { sitePublicKey } from "~/keys/site-key.server";
import { relayLimits } from "./limits";

/** The NIPs the relay itself implements (client-side ones are not listed, as NIP-11 asks). */
export const supportedNips = [1, 9, 11, 17, 42, 59];

export async function relayInformation(db: Database, appConfig: AppConfig, origin: string) {
  const [self, owner] = await Promise.all([sitePublicKey(db), siteOwner(db)]);
  const pow = config().relayPowDifficulty;
  return {
    name: appConfig.siteName.en.slice(0, 30),
    description:
      `${appConfig.description.en}\n\nThe relay of ${origin}: approved comments on its pages, its members' profiles, and encrypted messages to its members.` +
      (pow > 0
        ? ` Messages from people who are not members (not authenticated with NIP-42 as a member's key) need proof of work (NIP-13) of ${pow} bits; members' do not.`
        : ""),
    // The administrative contact: messages for the site's owner reach them here (NIP-17).
    pubkey: owner?.pubkey ?? self,
    self,
    contact: `${origin}/en/contact`,
    supported_nips: supportedNips,
    icon: `${origin}/icon-192.png`,
    limitation: {
      max_message_length: relayLimits.maxMessageLength,
      max_subscriptions: relayLimits.maxSubscriptions,
      max_limit: relayLimits.maxLimit,
      max_subid_length: relayLimits.maxSubidLength,
      max_event_tags: relayLimits.maxEventTags,
      max_content_length: relayLimits.maxContentLength,
      min_pow_difficulty: pow,
      auth_required: false,
      payment_required: false,
      restricted_writes: true,
      created_at_lower_limit: relayLimits.createdAtLowerLimit,
      created_at_upper_limit: relayLimits.createdAtUpperLimit,
      default_limit: relayLimits.defaultLimit,
    },
    retention: [{ kinds: [0, 1059, 1111] }],
  };
}
