/**
 * The profile's Nostr panel: the member's address at this site (NIP-05) and public key (npub), their own key
 * linked from a browser extension (or not), their lightning address for zaps, and checks of their identity
 * elsewhere (another domain's address, a GitHub gist).
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useT } from "~/i18n/use-t";
import { signedChallenge } from "~/keys/challenge";
import { nostrExtension } from "~/keys/extension";
import { lightningAddressSchema } from "~/nostr/schema";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { toast } from "~/ui/toast/store";
import { refused, useApiAction } from "~/ui/use-api";
import { useApiForm } from "~/ui/use-api-form";

export interface NostrAccount {
  /** The name and about text the profile publishes. */
  name: string;
  about: string;
  relayUrl: string;
  identifier: string | null;
  pubkey: string | null;
  npub: string | null;
  linked: boolean;
  lightningAddress: string | null;
}

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useT();
  return (
    <div className="grid gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <code
          dir="ltr"
          className="min-w-0 flex-1 truncate rounded-md bg-muted px-2 py-1 text-sm"
          data-testid={testId}
          title={value}
        >
          {value}
        </code>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${t("nostr.profile.copy")}: ${label}`}
          onClick={() =>
            void navigator.clipboard
              ?.writeText(value)
              .then(() => toast({ title: t("nostr.profile.copied"), variant: "success" }))
              .catch(() => undefined)
          }
        >
          <Icon name="copy" />
        </Button>
      </dd>
    </div>
  );
}

function LinkKey({ linked }: { linked: boolean }) {
  const t = useT();
  const action = useApiAction();
  const { pending } = action;
  const link = () =>
    action.run(async (api) => {
      const extension = nostrExtension();
      if (!extension) return refused(t("nostr.profile.noExtension"));
      const signed = await signedChallenge(api, extension, t("nostr.profile.extensionRefused"));
      if (!signed.ok) return signed;
      return api("/api/auth/nostr/link", { method: "POST", body: { event: signed.data.event } });
    });
  const unlink = () => action.run("/api/auth/nostr/link", { method: "DELETE" });
  return linked ? (
    <Button variant="outline" size="sm" onClick={() => void unlink()} disabled={pending} data-testid="nostr-unlink">
      <Icon name="unlink" />
      {t("nostr.profile.unlink")}
    </Button>
  ) : (
    <Button variant="outline" size="sm" onClick={() => void link()} disabled={pending} data-testid="nostr-link">
      <Icon name="link" />
      {pending ? t("nostr.profile.linking") : t("nostr.profile.link")}
    </Button>
  );
}

function LightningForm({ initial }: { initial: string }) {
  const t = useT();
  const form = useApiForm({
    schema: lightningAddressSchema,
    path: "/api/nostr/lightning-address",
    method: "PUT",
    initial: { lightningAddress: initial },
  });
  return (
    <ApiForm form={form} data-testid="lightning-form">
      <Field label={t("nostr.lightning.label")} hint={t("nostr.lightning.hint")} error={form.errors.lightningAddress}>
        <Input
          {...form.field("lightningAddress")}
          dir="ltr"
          inputMode="email"
          autoComplete="off"
          placeholder="name@wallet.example"
          className="text-start"
        />
      </Field>
      <div>
        <SubmitButton pendingLabel={t("nostr.lightning.saving")} data-testid="lightning-submit">
          {t("nostr.lightning.save")}
        </SubmitButton>
      </div>
    </ApiForm>
  );
}

/** Checks another domain's address or a gist against the key; the answer shows beside the form. */
function VerifyIdentity({ pubkey, npub }: { pubkey: string; npub: string }) {
  const t = useT();
  const action = useApiAction();
  const { pending } = action;
  const [identifier, setIdentifier] = useState("");
  const [gistUser, setGistUser] = useState("");
  const [gistId, setGistId] = useState("");
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  function check(event: FormEvent, body: Record<string, string>) {
    event.preventDefault();
    return action.run<{ verified: boolean }>("/api/nostr/verify", {
      body: { ...body, pubkey },
      success: false,
      revalidate: false,
      onSuccess: (data) => setAnswer({ ok: data.verified, text: data.message ?? "" }),
      onFailure: (failure) => setAnswer({ ok: false, text: failure.issues[0]?.message ?? failure.message }),
    });
  }
  return (
    <div className="grid gap-4 border-t pt-4">
      <div className="grid gap-1">
        <h3 className="font-semibold">{t("nostr.profile.verify")}</h3>
        <p className="text-sm text-muted-foreground">{t("nostr.profile.verifyHint")}</p>
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => void check(e, { identifier })}
        data-testid="verify-name-form"
      >
        <div className="min-w-56 flex-1">
          <Field label={t("nostr.profile.verifyAddress")}>
            <Input value={identifier} onChange={(e) => setIdentifier(e.target.value)} dir="ltr" autoComplete="off" />
          </Field>
        </div>
        <Button type="submit" variant="outline" disabled={pending || !identifier.trim()}>
          {pending ? t("nostr.profile.verifying") : t("nostr.profile.verifyButton")}
        </Button>
      </form>
      <div className="grid gap-1">
        <h4 className="text-sm font-semibold">{t("nostr.profile.gist")}</h4>
        <p className="text-xs text-muted-foreground">{t("nostr.profile.gistText")}</p>
        <code dir="ltr" className="block rounded-md bg-muted px-2 py-1 text-xs break-all" data-testid="gist-proof-text">
          Verifying that I control the following Nostr public key: {npub}
        </code>
      </div>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => void check(e, { user: gistUser, gist: gistId })}
        data-testid="verify-gist-form"
      >
        <div className="min-w-40 flex-1">
          <Field label={t("nostr.profile.gistUser")}>
            <Input value={gistUser} onChange={(e) => setGistUser(e.target.value)} dir="ltr" autoComplete="off" />
          </Field>
        </div>
        <div className="min-w-40 flex-1">
          <Field label={t("nostr.profile.gistId")}>
            <Input value={gistId} onChange={(e) => setGistId(e.target.value)} dir="ltr" autoComplete="off" />
          </Field>
        </div>
        <Button type="submit" variant="outline" disabled={pending || !gistUser.trim() || !gistId.trim()}>
          {t("nostr.profile.verifyButton")}
        </Button>
      </form>
      {answer ? (
        <p
          role="status"
          className={`flex items-center gap-2 text-sm ${answer.ok ? "text-success" : "text-destructive"}`}
          data-testid="verify-answer"
        >
          <Icon name={answer.ok ? "badge-check" : "circle-alert"} />
          <bdi>{answer.text}</bdi>
        </p>
      ) : null}
    </div>
  );
}

/**
 * Keeps the member's Nostr profile (kind 0) on the site's relay in step with the account: at once with this
 * browser's key when it is the account's, on request through the extension for a linked key.
 */
function usePublishedProfile(account: NostrAccount) {
  const { pubkey, linked, name, about, identifier, lightningAddress, relayUrl } = account;
  const publish = useCallback(
    async (viaExtension: boolean) => {
      if (!pubkey) return false;
      const [{ keySigner, extensionSigner }, { publishProfile }, { readPrivateKey }] = await Promise.all([
        import("~/keys/signer"),
        import("../publish-profile"),
        import("~/keys/store"),
      ]);
      const secret = readPrivateKey();
      const signer = viaExtension ? await extensionSigner() : secret ? keySigner(secret) : null;
      if (!signer || signer.pubkey !== pubkey) return false;
      return publishProfile(relayUrl, signer, { name, about, nip05: identifier, lud16: lightningAddress });
    },
    [pubkey, name, about, identifier, lightningAddress, relayUrl],
  );
  useEffect(() => {
    if (!linked) void publish(false).catch(() => undefined);
  }, [linked, publish]);
  return publish;
}

export function NostrCard({ account }: { account: NostrAccount }) {
  const t = useT();
  const publish = usePublishedProfile(account);
  return (
    <Card
      title={t("nostr.profile.title")}
      description={t("nostr.profile.description")}
      testId="nostr-card"
      actions={<LinkKey linked={account.linked} />}
    >
      {account.pubkey && account.npub ? (
        <>
          <dl className="grid gap-3">
            {account.identifier ? (
              <Copyable label={t("nostr.profile.identifier")} value={account.identifier} testId="nostr-identifier" />
            ) : null}
            <Copyable label={t("nostr.profile.npub")} value={account.npub} testId="nostr-npub" />
          </dl>
          <p className="text-sm text-muted-foreground" data-testid="nostr-key-source">
            {t(account.linked ? "nostr.profile.linked" : "nostr.profile.deviceKey")}
          </p>
          {account.linked ? (
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void publish(true)
                    .then((done) =>
                      toast({
                        title: t(done ? "nostr.profile.published" : "nostr.profile.upToDate"),
                        variant: "success",
                      }),
                    )
                    .catch(() => toast({ title: t("nostr.profile.extensionRefused"), variant: "error" }))
                }
                data-testid="nostr-publish-profile"
              >
                <Icon name="send" />
                {t("nostr.profile.publish")}
              </Button>
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t("nostr.profile.noKey")}</p>
      )}
      <LightningForm initial={account.lightningAddress ?? ""} />
      {account.pubkey && account.npub ? <VerifyIdentity pubkey={account.pubkey} npub={account.npub} /> : null}
    </Card>
  );
}
