/**
 * One conversation from the local inbox, oldest first: who wrote, when, and for the messages written here
 * whether they are sent, still being sent, or waiting to be tried again (with a button to try now).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { intlLocale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { inbox, type InboxEvent } from "~/keys/local-inbox";
import { retryNow } from "../inbox/sync";

export function useConversation(owner: string, peer: string): InboxEvent[] | undefined {
  return useLiveQuery(
    () =>
      inbox.events
        .where("created_at")
        .above(0)
        .filter((e) => e.owner === owner && e.peer === peer)
        .toArray(),
    [owner, peer],
  );
}

export function Conversation({ messages, peerName }: { messages: InboxEvent[]; peerName: string }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="grid gap-3" data-testid="conversation">
      {messages.map((message) => {
        // Written here or by another key of the member's (a message carried over): never "Received".
        const mine = message.status !== "Received";
        const failing = message.status === "Sending" && (message.attempts ?? 0) > 0;
        return (
          <li
            key={message.id}
            className={`grid max-w-[85%] gap-1 rounded-xl border px-4 py-3 ${mine ? "justify-self-end bg-muted" : "justify-self-start bg-card"}`}
            data-testid="message"
            data-status={message.status}
          >
            <p className="text-xs text-muted-foreground">
              <bdi>{mine ? t("nostr.inbox.you") : peerName}</bdi>
              <span aria-hidden className="px-1.5">
                ·
              </span>
              <time dateTime={new Date(message.created_at * 1000).toISOString()}>
                {new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeStyle: "short" }).format(
                  new Date(message.created_at * 1000),
                )}
              </time>
            </p>
            <p dir="auto" className="text-sm break-words whitespace-pre-wrap" data-testid="message-text">
              {message.content}
            </p>
            {mine ? (
              <p
                className={`flex items-center gap-1 text-xs ${failing ? "text-destructive" : "text-muted-foreground"}`}
                role={failing ? "status" : undefined}
                data-testid="message-status"
              >
                <Icon
                  name={message.status === "Sent" ? "check" : failing ? "triangle-alert" : "loader-circle"}
                  className="size-3.5"
                />
                {message.status === "Sent"
                  ? t("nostr.inbox.status.sent")
                  : failing
                    ? t("nostr.inbox.status.failed")
                    : t("nostr.inbox.status.sending")}
                {failing ? (
                  <Button variant="ghost" size={null} className="h-6 px-2 text-xs" onClick={() => void retryNow()}>
                    {t("nostr.inbox.retry")}
                  </Button>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** A short, readable form of a key: its npub's first characters. */
export function shortKey(npub: string): string {
  return `${npub.slice(0, 10)}…${npub.slice(-4)}`;
}
