/**
 * The messaging key's panel in the inbox: choosing the messaging passphrase (the key is made and encrypted
 * here, then kept by the server), unlocking it in a browser with that passphrase, and starting again with a new
 * key when it is lost, after saying what that loses. The passphrase never leaves this browser.
 */
import { useId, useState, type FormEvent } from "react";
import { useT } from "~/i18n/use-t";
import { makeMessagingKey, passphraseMin, UnlockError, unlockMessagingKey } from "~/keys/messaging-key";
import type { Signer } from "~/keys/signer";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { PasswordInput } from "~/ui/password-input";
import { refused, succeeded, useApiAction } from "~/ui/use-api";

export interface StoredMessagingKey {
  pubkey: string;
  ncryptsec: string;
}

interface Saved {
  key: StoredMessagingKey;
  created: boolean;
}

/** Lets the browser paint the pending state before scrypt holds the thread for a moment. */
const painted = () => new Promise((resolve) => setTimeout(resolve, 50));

export function MessagingKeyPanel({
  stored,
  onReady,
}: {
  stored: StoredMessagingKey | null;
  onReady: (signer: Signer) => void;
}) {
  const t = useT();
  /** The key this panel unlocks: the account's, or the one another tab made first while this one made its own. */
  const [adopted, setAdopted] = useState<StoredMessagingKey | null>(null);
  const [replacing, setReplacing] = useState(false);
  const [asking, setAsking] = useState(false);
  const key = adopted ?? stored;
  const setup = !key || replacing;
  return (
    <section
      className="grid gap-3 rounded-lg border bg-card p-4 sm:p-6"
      aria-labelledby="messaging-key-title"
      data-testid={setup ? "messaging-setup" : "messaging-unlock"}
    >
      <h2 id="messaging-key-title" className="flex items-center gap-2 text-lg font-bold">
        <Icon name={setup ? "key-round" : "lock"} className="size-5" />
        {setup ? t("nostr.messaging.setupTitle") : t("nostr.messaging.unlockTitle")}
      </h2>
      {setup ? (
        <SetupForm
          replaces={replacing ? key?.pubkey : undefined}
          onReady={onReady}
          onAdopt={(other) => {
            setReplacing(false);
            setAdopted(other);
          }}
        />
      ) : (
        <>
          {adopted ? (
            <p role="status" className="text-sm" data-testid="messaging-other-tab">
              {t("nostr.messaging.otherTab")}
            </p>
          ) : null}
          <UnlockForm stored={key} onReady={onReady} onForgot={() => setAsking(true)} />
        </>
      )}
      {asking ? (
        <ConfirmDialog
          title={t("nostr.messaging.replaceTitle")}
          description={t("nostr.messaging.replaceText")}
          confirmLabel={t("nostr.messaging.replace")}
          onConfirm={() => setReplacing(true)}
          onClose={() => setAsking(false)}
          testId="messaging-replace-dialog"
        />
      ) : null}
    </section>
  );
}

function SetupForm({
  replaces,
  onReady,
  onAdopt,
}: {
  replaces: string | undefined;
  onReady: (signer: Signer) => void;
  onAdopt: (key: StoredMessagingKey) => void;
}) {
  const t = useT();
  const action = useApiAction();
  const [passphrase, setPassphrase] = useState("");
  const [again, setAgain] = useState("");
  const [errors, setErrors] = useState<{ passphrase?: string; again?: string; form?: string }>({});
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      passphrase:
        passphrase.length < passphraseMin ? t("nostr.messaging.passphraseShort", { min: passphraseMin }) : undefined,
      again: again !== passphrase ? t("nostr.messaging.passphraseMismatch") : undefined,
    };
    setErrors(found);
    if (found.passphrase || found.again) return;
    await action.run<Saved>(
      async (api) => {
        await painted();
        const made = makeMessagingKey(passphrase, window.location.origin);
        const result = await api<Saved>("/api/nostr/messaging-key", {
          method: "POST",
          body: { ...made.upload, ...(replaces ? { replaces } : {}) },
        });
        if (!result.ok) return result;
        if (result.data.created) onReady(made.hold());
        else {
          // Another tab or instance made the account's key first: that one is kept, and opened with this
          // passphrase when it was the same.
          try {
            onReady(unlockMessagingKey(result.data.key, passphrase));
          } catch {
            onAdopt(result.data.key);
          }
        }
        return result;
      },
      { onFailure: (failure) => setErrors({ form: failure.message }) },
    );
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid max-w-md gap-3"
      noValidate
      data-testid="messaging-setup-form"
    >
      <p className="text-sm text-muted-foreground">{t("nostr.messaging.setupText")}</p>
      <p className="flex gap-2 text-sm font-medium" data-testid="messaging-warning">
        <Icon name="triangle-alert" className="mt-0.5 size-4 shrink-0 text-destructive" />
        {t("nostr.messaging.setupWarning")}
      </p>
      <Field
        label={t("nostr.messaging.passphrase")}
        hint={t("nostr.messaging.passphraseHint", { min: passphraseMin })}
        error={errors.passphrase}
      >
        <PasswordInput
          name="messaging-passphrase"
          autoComplete="new-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
      </Field>
      <Field label={t("nostr.messaging.passphraseAgain")} error={errors.again}>
        <PasswordInput
          name="messaging-passphrase-again"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive" data-testid="messaging-error">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={action.pending} data-testid="messaging-create">
          {action.pending ? null : <Icon name="key-round" />}
          {action.pending ? t("nostr.messaging.working") : t("nostr.messaging.create")}
        </Button>
      </div>
    </form>
  );
}

function UnlockForm({
  stored,
  onReady,
  onForgot,
}: {
  stored: StoredMessagingKey;
  onReady: (signer: Signer) => void;
  onForgot: () => void;
}) {
  const t = useT();
  const id = useId();
  const action = useApiAction();
  const [passphrase, setPassphrase] = useState("");
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    await action.run(
      async () => {
        await painted();
        try {
          onReady(unlockMessagingKey(stored, passphrase));
        } catch (thrown) {
          const problem = thrown instanceof UnlockError ? thrown.problem : "corrupt";
          return refused(
            t(problem === "wrongPassphrase" ? "nostr.messaging.wrongPassphrase" : "nostr.messaging.corrupt"),
          );
        }
        return succeeded({});
      },
      { success: false, revalidate: false, onFailure: (failure) => setError(failure.message) },
    );
  }
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="grid max-w-md gap-3"
      noValidate
      data-testid="messaging-unlock-form"
    >
      <p className="text-sm text-muted-foreground">{t("nostr.messaging.unlockText")}</p>
      <Field label={t("nostr.messaging.passphrase")} error={error ?? undefined}>
        <PasswordInput
          name="messaging-passphrase"
          autoComplete="current-password"
          value={passphrase}
          onChange={(e) => setPassphrase(e.target.value)}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          loading={action.pending}
          aria-describedby={`${id}-status`}
          data-testid="messaging-unlock-submit"
        >
          {action.pending ? null : <Icon name="lock-open" />}
          {action.pending ? t("nostr.messaging.working") : t("nostr.messaging.unlock")}
        </Button>
        <Button type="button" variant="ghost" onClick={onForgot} data-testid="messaging-forgot">
          {t("nostr.messaging.forgot")}
        </Button>
        <span id={`${id}-status`} role="status" className="sr-only">
          {action.pending ? t("nostr.messaging.working") : ""}
        </span>
      </div>
    </form>
  );
}
