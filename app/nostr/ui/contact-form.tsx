/**
 * The contact page's form: the message is encrypted in this browser for the site's owner alone (NIP-17) and
 * sent through the site's relay; the owner's answers, encrypted for this browser's key, show below it. Not an
 * API form (useApiForm): nothing goes to the API, the message leaves as gift wraps the sync step publishes.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { npubEncode } from "nostr-tools/nip19";
import { useLocale, useT } from "~/i18n/use-t";
import { loadIdentityMaker } from "~/keys/store";
import { readPrivateKey } from "~/keys/store";
import { useSessionUser } from "~/auth/session-user";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { refused, succeeded, useApiAction, useApiQuery } from "~/ui/use-api";
import { messageBytes, maxMessageBytes } from "~/keys/direct-messages";
import { inbox } from "~/keys/local-inbox";
import { followMessages, relayFor } from "../inbox/receive";
import { sendMessage, SendError } from "../inbox/send";
import { runSync, startSync } from "../inbox/sync";
import { keySigner, type Signer } from "~/keys/signer";
import { Conversation, shortKey, useConversation } from "./conversation";

interface ContactTerms {
  owner: { name: string; pubkey: string } | null;
  relayUrl: string;
  /** The proof of work (bits) the relay asks of people who are not members. */
  powDifficulty: number;
}

/** What a message the relay refused says, by the refusal's prefix (NIP-01). */
const refusals = {
  "rate-limited": "nostr.contact.rateLimited",
  restricted: "nostr.contact.restricted",
  pow: "nostr.contact.powRefused",
} as const;

function refusalKey(reason: string | undefined) {
  const prefix = reason?.split(":")[0] ?? "";
  return prefix in refusals ? refusals[prefix as keyof typeof refusals] : "nostr.contact.failed";
}

export default function ContactForm() {
  const t = useT();
  const locale = useLocale();
  const user = useSessionUser();
  const contact = useApiQuery<ContactTerms>("/api/nostr/contact");
  const terms = contact.data;
  const [signer, setSigner] = useState<Signer | null>(null);
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = useApiAction();
  const pending = action.pending;
  const id = useId();

  // A member writes with their messaging key when this tab has it unlocked, so the answer reaches them on
  // every browser; otherwise, as a visitor does, with this browser's key.
  const own = useApiQuery<{ key: { pubkey: string } | null }>(user ? "/api/nostr/messaging-key" : null);
  const messagingPub = own.data?.key?.pubkey ?? null;
  const ownPending = Boolean(user) && own.loading;
  useEffect(() => {
    if (ownPending) return;
    let live = true;
    // The message is signed and read with this browser's key: make it if it is not there yet.
    void Promise.all([
      loadIdentityMaker().then((maker) => maker.ensureIdentity(locale)),
      messagingPub ? import("~/keys/messaging-key").then((keys) => keys.heldMessagingKey(messagingPub)) : null,
    ]).then(([profile, held]) => {
      const secret = readPrivateKey();
      if (!live || !secret) return;
      setName(profile.displayName);
      setSigner(held ?? keySigner(secret));
    });
    return () => {
      live = false;
    };
  }, [locale, messagingPub, ownPending]);

  const relayUrl = terms?.relayUrl;
  useEffect(() => {
    if (!signer || !relayUrl) return;
    const stopSync = startSync(() => relayFor(relayUrl, signer));
    const stopFollowing = followMessages(relayUrl, signer, () => {});
    return () => {
      stopSync();
      stopFollowing();
    };
  }, [signer, relayUrl]);

  const owner = terms?.owner ?? null;
  const messages = useConversation(signer?.pubkey ?? "", owner?.pubkey ?? "");
  const ownerName = useMemo(() => owner?.name ?? (owner ? shortKey(npubEncode(owner.pubkey)) : ""), [owner]);

  if (contact.error) return <p className="text-sm text-destructive">{t("common.error.network")}</p>;
  if (!terms || !signer) return <p className="text-sm text-muted-foreground">{t("nostr.inbox.loading")}</p>;
  if (!owner)
    return (
      <p className="text-sm text-muted-foreground" data-testid="contact-no-owner">
        {t("nostr.contact.noOwner")}
      </p>
    );

  const check = (value: string): string | null => {
    if (value.trim().length === 0) return t("nostr.contact.tooShort");
    if (messageBytes(value) > maxMessageBytes) return t("nostr.contact.tooLong");
    return null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!owner || !signer || !terms) return;
    const problem = check(text);
    setError(problem);
    if (problem) return;
    await action.run(
      async () => {
        try {
          await sendMessage({
            signer,
            to: owner.pubkey,
            text,
            relayUrl: terms.relayUrl,
            name: user?.displayName ?? name,
            // A member's own key is a member's: the relay keeps their copy. A visitor's copy stays here.
            selfCopy: Boolean(user),
            // A visitor's browser pays the relay's price for strangers' messages; members' are free.
            pow: user ? 0 : terms.powDifficulty,
          });
        } catch (thrown) {
          return refused(t(thrown instanceof SendError ? `nostr.contact.${thrown.problem}` : "nostr.contact.failed"));
        }
        setText("");
        await runSync();
        // Kept here and in the outbox either way; the toast says whether the relay took it.
        const latest = await inbox.events.orderBy("id").last();
        const delivered = latest?.status === "Sent";
        return succeeded({
          delivered,
          message: delivered
            ? t("nostr.contact.sent", { name: ownerName })
            : t(refusalKey(latest?.lastError), { name: ownerName }),
        });
      },
      {
        revalidate: false,
        success: (data) => ({ title: data.message ?? "", variant: data.delivered ? "success" : "error" }),
        onFailure: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={(e) => void submit(e)} className="grid gap-3" noValidate data-testid="contact-form">
        <p className="text-sm text-muted-foreground">{t("nostr.contact.description", { name: ownerName })}</p>
        <Field
          label={t("nostr.contact.message")}
          hint={user ? t("nostr.contact.as", { name: user.displayName }) : t("nostr.contact.replyNote")}
          error={error ?? undefined}
        >
          <Textarea
            rows={6}
            value={text}
            placeholder={t("nostr.contact.placeholder")}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(check(e.target.value));
            }}
            data-testid="contact-message"
          />
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={pending} aria-describedby={`${id}-status`} data-testid="contact-send">
            {pending ? t("nostr.contact.sending") : t("nostr.contact.send")}
          </Button>
          <p id={`${id}-status`} role="status" className="text-xs text-muted-foreground" data-testid="contact-status">
            {pending && !user ? t("nostr.contact.working") : ""}
          </p>
        </div>
      </form>
      {messages && messages.length ? <Conversation messages={messages} peerName={ownerName} /> : null}
    </div>
  );
}
