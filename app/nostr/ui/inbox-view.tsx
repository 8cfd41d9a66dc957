/**
 * The member's inbox: conversations from the local inbox (filled from the relay, decrypted here), one open
 * at a time with a reply box. Messages go to the account's messaging key, unlocked here with the member's
 * messaging passphrase (the panel asks for it, or for a new one before the key exists). Messages sent before it
 * existed, to this browser's device key or a linked extension's key, are read with that key too and carried
 * over to the messaging key, so the member's other browsers read them as well.
 */
import { useLiveQuery } from "dexie-react-hooks";
import { npubEncode } from "nostr-tools/nip19";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { useT } from "~/i18n/use-t";
import { readPrivateKey } from "~/keys/store";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { maxMessageBytes, messageBytes } from "~/keys/direct-messages";
import { inbox, type InboxEvent } from "~/keys/local-inbox";
import { heldMessagingKey } from "~/keys/messaging-key";
import { carryOver } from "../inbox/carry-over";
import { followMessages, relayFor } from "../inbox/receive";
import { sendMessage, SendError } from "../inbox/send";
import { startSync } from "../inbox/sync";
import { extensionSigner, keySigner, type Signer } from "~/keys/signer";
import { Conversation, shortKey } from "./conversation";
import { MessagingKeyPanel, type StoredMessagingKey } from "./messaging-key-panel";
import { refused, succeeded, useApi, useApiAction } from "~/ui/use-api";

type KeyState = { kind: "loading" } | { kind: "ready"; signer: Signer } | { kind: "mismatch" } | { kind: "none" };

/** The key messages went to before the messaging key: this browser's device key, or the linked extension's. */
async function findSigner(accountKey: string, linked: boolean): Promise<KeyState> {
  if (linked) {
    const signer = await extensionSigner().catch(() => null);
    if (!signer) return { kind: "none" };
    return signer.pubkey === accountKey ? { kind: "ready", signer } : { kind: "mismatch" };
  }
  const secret = readPrivateKey();
  if (!secret) return { kind: "none" };
  const signer = keySigner(secret);
  return signer.pubkey === accountKey ? { kind: "ready", signer } : { kind: "mismatch" };
}

interface Thread {
  peer: string;
  name: string;
  last: InboxEvent;
  messages: InboxEvent[];
}

/**
 * Conversations by the other side, newest first, each message once (a message carried over is in the inbox
 * under both keys); a peer's name from the name they gave, else their key.
 */
function threads(events: InboxEvent[]): Thread[] {
  const seen = new Set<string>();
  const byPeer = new Map<string, InboxEvent[]>();
  for (const event of events) {
    if (seen.has(event.rumorId)) continue;
    seen.add(event.rumorId);
    byPeer.set(event.peer, [...(byPeer.get(event.peer) ?? []), event]);
  }
  return [...byPeer.entries()]
    .map(([peer, messages]) => {
      messages.sort((a, b) => a.created_at - b.created_at || (a.id ?? 0) - (b.id ?? 0));
      const named = [...messages].reverse().find((m) => m.pubkey === peer && m.tags.some((t) => t[0] === "name"));
      const name = named?.tags.find((t) => t[0] === "name")?.[1]?.slice(0, 80) || shortKey(npubEncode(peer));
      return { peer, name, last: messages.at(-1)!, messages };
    })
    .sort((a, b) => b.last.created_at - a.last.created_at);
}

export function InboxView({
  messaging,
  earlier,
  relayUrl,
  displayName,
}: {
  /** The account's messaging key (encrypted), null before the member made one. */
  messaging: StoredMessagingKey | null;
  /** The key messages went to before the messaging key, and whether it is a linked one. */
  earlier: { key: string | null; linked: boolean };
  relayUrl: string;
  displayName: string;
}) {
  const t = useT();
  const [keyState, setKeyState] = useState<KeyState>({ kind: "loading" });
  const [unlocked, setUnlocked] = useState<Signer | null>(null);
  const [loaded, setLoaded] = useState<Record<string, boolean>>({});
  const [offline, setOffline] = useState(false);
  const [unreadable, setUnreadable] = useState<Record<string, number>>({});
  const [copied, setCopied] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);

  const messagingPub = messaging?.pubkey ?? null;
  const hydrated = useHydrated();
  // Unlocked earlier in this tab: held for the session (sessionStorage, read once the page runs here).
  const held = useMemo(
    () => (hydrated && messagingPub ? heldMessagingKey(messagingPub) : null),
    [hydrated, messagingPub],
  );
  const messagingSigner = (unlocked && unlocked.pubkey === messagingPub ? unlocked : null) ?? held;

  useEffect(() => {
    let live = true;
    const found = earlier.key ? findSigner(earlier.key, earlier.linked) : Promise.resolve<KeyState>({ kind: "none" });
    void found.then((state) => live && setKeyState(state));
    return () => {
      live = false;
    };
  }, [earlier.key, earlier.linked]);

  const earlierSigner = keyState.kind === "ready" && keyState.signer.pubkey !== messagingPub ? keyState.signer : null;
  // Replies are written with the messaging key once there is one, so answers come back to it.
  const signer = messaging ? messagingSigner : earlierSigner;
  const readers = useMemo(
    () => [messagingSigner, earlierSigner].filter((s): s is Signer => s !== null),
    [messagingSigner, earlierSigner],
  );

  useEffect(() => {
    if (!signer) return;
    return startSync(() => relayFor(relayUrl, signer));
  }, [signer, relayUrl]);

  useEffect(() => {
    const stops = readers.map((reader) =>
      followMessages(relayUrl, reader, (state) => {
        if (state.loaded) setLoaded((all) => ({ ...all, [reader.pubkey]: true }));
        if (state.offline !== undefined) setOffline(state.offline);
        if (state.unreadable !== undefined) setUnreadable((all) => ({ ...all, [reader.pubkey]: state.unreadable! }));
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [readers, relayUrl]);

  // Once both keys' messages are in, what only the older key could read is copied to the messaging key.
  const bothLoaded = Boolean(
    messagingSigner && earlierSigner && loaded[messagingSigner.pubkey] && loaded[earlierSigner.pubkey],
  );
  useEffect(() => {
    if (!bothLoaded || !messagingSigner || !earlierSigner) return;
    let live = true;
    relayFor(relayUrl, messagingSigner)
      .then((relay) => carryOver(relay, messagingSigner, earlierSigner.pubkey))
      .then((count) => live && count > 0 && setCopied(count))
      // Not copied now: the next visit tries again; the messages stay readable here meanwhile.
      .catch((error: unknown) => console.error("Carrying older messages over failed:", error));
    return () => {
      live = false;
    };
  }, [bothLoaded, messagingSigner, earlierSigner, relayUrl]);

  const owners = readers.map((reader) => reader.pubkey).join(" ");
  const events = useLiveQuery(
    () => inbox.events.filter((e) => owners.split(" ").includes(e.owner)).toArray(),
    [owners],
  );
  const list = useMemo(() => threads(events ?? []), [events]);
  const current = list.find((thread) => thread.peer === selected) ?? list[0];
  const unreadableCount = Object.values(unreadable).reduce((sum, n) => sum + n, 0);
  const allLoaded = readers.length > 0 && readers.every((reader) => loaded[reader.pubkey]);

  // What has arrived is read once it is here and shown: when the inbox has loaded, and again as messages come in
  // while it is open in view (the dashboard's overview counts what arrived after).
  const api = useApi();
  const received = events?.length ?? 0;
  useEffect(() => {
    if (!allLoaded) return;
    const markRead = () => {
      if (document.visibilityState === "visible") void api("/api/nostr/inbox-read", { method: "POST" });
    };
    const soon = setTimeout(markRead, 1000);
    document.addEventListener("visibilitychange", markRead);
    return () => {
      clearTimeout(soon);
      document.removeEventListener("visibilitychange", markRead);
    };
  }, [allLoaded, received, api]);

  return (
    <section className="grid gap-6" data-testid="inbox">
      <header className="grid gap-1">
        <h1 className="text-3xl font-black tracking-tight">{t("nostr.inbox.title")}</h1>
        <p className="text-sm text-muted-foreground">{t("nostr.inbox.description")}</p>
      </header>
      {!messagingSigner ? <MessagingKeyPanel stored={messaging} onReady={setUnlocked} /> : null}
      {!messaging && keyState.kind === "mismatch" && earlier.key ? (
        <p
          className="rounded-lg border border-destructive/40 p-4 text-sm"
          role="status"
          data-testid="inbox-key-mismatch"
        >
          {t("nostr.inbox.keyMismatch", { key: shortKey(npubEncode(earlier.key)) })}
        </p>
      ) : null}
      {!messaging && keyState.kind === "none" ? (
        <p className="rounded-lg border p-4 text-sm" role="status">
          {t("nostr.inbox.noKey")}
        </p>
      ) : null}
      {messagingSigner && earlierSigner ? (
        <p className="text-sm text-muted-foreground" data-testid="inbox-earlier">
          {t("nostr.messaging.earlier")}
        </p>
      ) : null}
      {copied > 0 ? (
        <p className="text-sm text-muted-foreground" role="status" data-testid="inbox-copied">
          {t("nostr.messaging.copied", { count: copied })}
        </p>
      ) : null}
      {offline ? (
        <p className="flex items-center gap-2 text-sm text-destructive" role="status" data-testid="inbox-offline">
          <Icon name="triangle-alert" />
          {t("nostr.inbox.offline")}
        </p>
      ) : null}
      {unreadableCount > 0 ? (
        <p className="text-sm text-muted-foreground">{t("nostr.inbox.unreadable", { count: unreadableCount })}</p>
      ) : null}
      {readers.length > 0 ? (
        list.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="inbox-empty">
            {allLoaded ? t("nostr.inbox.empty") : t("nostr.inbox.loading")}
          </p>
        ) : (
          <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)]">
            <nav aria-label={t("nostr.inbox.title")}>
              <ul className="grid gap-1" data-testid="inbox-threads">
                {list.map((thread) => (
                  <li key={thread.peer}>
                    <button
                      type="button"
                      onClick={() => setSelected(thread.peer)}
                      aria-current={thread.peer === current?.peer ? "true" : undefined}
                      className="grid w-full gap-0.5 rounded-lg px-3 py-2 text-start hover:bg-accent aria-[current]:bg-muted"
                      data-testid="inbox-thread"
                    >
                      <span className="truncate text-sm font-semibold">
                        <bdi>{thread.name}</bdi>
                      </span>
                      <span className="truncate text-xs text-muted-foreground">
                        <bdi>{thread.last.content}</bdi>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            {current ? (
              <div className="grid content-start gap-4">
                <h2 className="text-lg font-bold">{t("nostr.inbox.conversationWith", { name: current.name })}</h2>
                <Conversation messages={current.messages} peerName={current.name} />
                {signer ? (
                  <ReplyBox
                    key={current.peer}
                    signer={signer}
                    to={current.peer}
                    replyTo={current.messages.filter((m) => m.pubkey === current.peer).at(-1)?.rumorId}
                    relayUrl={relayUrl}
                    name={displayName}
                  />
                ) : null}
              </div>
            ) : null}
          </div>
        )
      ) : null}
    </section>
  );
}

function ReplyBox(props: { signer: Signer; to: string; replyTo?: string; relayUrl: string; name: string }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = useApiAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError(t("nostr.contact.tooShort"));
    if (messageBytes(text) > maxMessageBytes) return setError(t("nostr.contact.tooLong"));
    await action.run(
      async () => {
        try {
          await sendMessage({ ...props, text, selfCopy: true });
        } catch (thrown) {
          return refused(t(thrown instanceof SendError ? `nostr.contact.${thrown.problem}` : "nostr.contact.failed"));
        }
        setText("");
        setError(null);
        return succeeded({});
      },
      { success: false, revalidate: false, onFailure: (failure) => setError(failure.message) },
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2" noValidate data-testid="reply-form">
      <label htmlFor={id} className="sr-only">
        {t("nostr.inbox.reply")}
      </label>
      <Textarea
        id={id}
        rows={3}
        value={text}
        placeholder={t("nostr.inbox.replyPlaceholder")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
        data-testid="reply-text"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={action.pending} data-testid="reply-send">
          <Icon name="message-square-reply" />
          {t("nostr.inbox.send")}
        </Button>
      </div>
    </form>
  );
}
