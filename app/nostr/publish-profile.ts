/**
 * The member's profile on Nostr (kind 0): their name, about text, their address at this site (nip05) and
 * lightning address (lud16), published to the site's relay so that any Nostr client can find and verify them.
 * Signed in the browser (the device key, or the extension for a linked key). Browser code, loaded on use.
 */
import type { Event } from "nostr-tools/pure";
import { relayFor } from "./inbox/receive";
import type { Signer } from "~/keys/signer";

export interface ProfileFields {
  name: string;
  about: string;
  nip05: string | null;
  lud16: string | null;
}

/** The metadata content for these fields (only what is set). */
export function profileContent(fields: ProfileFields): Record<string, string> {
  const content: Record<string, string> = { name: fields.name, display_name: fields.name };
  if (fields.about) content.about = fields.about;
  if (fields.nip05) content.nip05 = fields.nip05;
  if (fields.lud16) content.lud16 = fields.lud16;
  return content;
}

const publishedKey = (pubkey: string) => `nostr-profile:${pubkey}`;

/**
 * Publishes the profile when the relay's copy says something else; true when it published. What this browser
 * last saw published is remembered, so an unchanged profile costs no trip to the relay.
 */
export async function publishProfile(relayUrl: string, signer: Signer, fields: ProfileFields): Promise<boolean> {
  const remembered = JSON.stringify(profileContent(fields));
  if (localStorage.getItem(publishedKey(signer.pubkey)) === remembered) return false;
  const relay = await relayFor(relayUrl, signer);
  const current = await new Promise<Event | undefined>((resolve) => {
    let found: Event | undefined;
    const sub = relay.subscribe([{ kinds: [0], authors: [signer.pubkey], limit: 1 }], {
      onevent: (event) => (found = event),
      oneose: () => {
        resolve(found);
        sub.close();
      },
    });
  });
  const wanted = profileContent(fields);
  let known: Record<string, unknown>;
  try {
    known = current ? (JSON.parse(current.content) as Record<string, unknown>) : {};
  } catch {
    known = {};
  }
  // Fields set elsewhere (a picture, a website) are kept; ours are brought up to date.
  const next = { ...known, ...wanted };
  if (!fields.lud16) delete next.lud16;
  if (JSON.stringify(next) === JSON.stringify(known)) {
    localStorage.setItem(publishedKey(signer.pubkey), remembered);
    return false;
  }
  const event = await signer.sign({
    kind: 0,
    created_at: Math.max(Math.floor(Date.now() / 1000), (current?.created_at ?? 0) + 1),
    tags: [],
    content: JSON.stringify(next),
  });
  await relay.publish(event);
  localStorage.setItem(publishedKey(signer.pubkey), remembered);
  return true;
}
