/**
 * Reading messages: one connection to the site's relay per page and key, authenticated (NIP-42) as that key so
 * the relay hands over the gift wraps addressed to it; each is opened here and kept in the local inbox.
 * Browser code, loaded on use.
 */
import type { Event, VerifiedEvent } from "nostr-tools/pure";
import { Relay } from "nostr-tools/relay";
import { chatKind, unwrap } from "~/keys/direct-messages";
import type { Signer } from "~/keys/signer";
import { hasMessage, inbox, inboxEvent } from "~/keys/local-inbox";

/** The page's connections by relay and key: a member's messaging key and an older key of theirs read apart. */
const shared = new Map<string, Promise<Relay>>();

/** The page's connection to the relay at `url`, authenticated as `signer` (made again if it was lost). */
export function relayFor(url: string, signer: Signer): Promise<Relay> {
  const name = `${url} ${signer.pubkey}`;
  const current = shared.get(name);
  if (current) return current.then((relay) => (relay.connected ? relay : reconnect()));
  return reconnect();

  function reconnect(): Promise<Relay> {
    const relay = new Relay(url);
    let challenged!: () => void;
    const challenge = new Promise<void>((resolve) => (challenged = resolve));
    relay.onauth = async (template) => {
      challenged();
      // Signed here or by the extension; the relay checks it.
      return (await signer.sign(template)) as VerifiedEvent;
    };
    const ready = relay
      .connect()
      .then(() =>
        Promise.race([
          challenge,
          new Promise((_, reject) => setTimeout(() => reject(new Error("no challenge")), 5000)),
        ]),
      )
      .then(() => relay.auth(relay.onauth!))
      .then(() => relay);
    shared.set(name, ready);
    ready.catch(() => {
      if (shared.get(name) === ready) shared.delete(name);
    });
    return ready;
  }
}

/** Opens and keeps one wrap; counts it as unreadable when it cannot be opened with this key. */
async function keep(signer: Signer, wrap: Event): Promise<"kept" | "known" | "unreadable"> {
  let opened;
  try {
    opened = await unwrap(signer, wrap);
  } catch {
    return "unreadable";
  }
  const { rumor, copy } = opened;
  if (rumor.kind !== chatKind) return "known";
  const owner = signer.pubkey;
  if (await hasMessage(owner, rumor.id)) return "known";
  // A copy carried over from an older key says where it stood; it was written by that key, not this one.
  const mine = copy ? copy.sent : rumor.pubkey === owner;
  const peer =
    copy?.peer ?? (mine ? (rumor.tags.find((t) => t[0] === "p" && t[1] !== owner)?.[1] ?? owner) : rumor.pubkey);
  await inbox.events.add(inboxEvent(rumor, { status: mine ? "Sent" : "Received", peer, owner }));
  return "kept";
}

/**
 * Follows the messages addressed to `signer`'s key: what the relay has, then what arrives. `onState` hears
 * when the stored ones are in, how many could not be opened, and when the relay cannot be reached.
 */
export function followMessages(
  url: string,
  signer: Signer,
  onState: (state: { loaded?: boolean; unreadable?: number; offline?: boolean }) => void,
): () => void {
  let closed = false;
  let close = () => {};
  let unreadable = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempts = 0;
  const start = () => {
    relayFor(url, signer)
      .then((relay) => {
        if (closed) return;
        attempts = 0;
        onState({ offline: false });
        const sub = relay.subscribe([{ kinds: [1059], "#p": [signer.pubkey] }], {
          onevent: (wrap) =>
            void keep(signer, wrap).then((result) => {
              if (result === "unreadable") onState({ unreadable: ++unreadable });
            }),
          oneose: () => onState({ loaded: true }),
          onclose: () => {
            if (!closed) again();
          },
        });
        close = () => sub.close();
      })
      .catch(() => {
        onState({ offline: true, loaded: true });
        again();
      });
  };
  const again = () => {
    attempts += 1;
    clearTimeout(retry);
    retry = setTimeout(start, Math.min(60_000, 1000 * 2 ** attempts));
  };
  start();
  return () => {
    closed = true;
    clearTimeout(retry);
    close();
  };
}
