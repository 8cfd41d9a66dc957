import { useState } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { toSecondStep } from "./to-second-step";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";
import { useHydrated } from "~/ui/use-hydrated";
import { signedChallenge } from "~/keys/challenge";
import { nostrExtension, type Nip07 } from "~/keys/extension";

/**
 * "Sign in with Nostr extension": shown when the browser has one (NIP-07). The extension signs a one-time
 * challenge from the server with the member's own key (linked on their profile); no password is sent.
 */
export function NostrSignIn({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  // Extensions put window.nostr in place as the page loads: read once the page runs in the browser.
  const hydrated = useHydrated();
  const extension: Nip07 | null = hydrated ? (nostrExtension() ?? null) : null;
  const [error, setError] = useState<string | null>(null);
  if (!extension) return null;
  const { pending } = action;

  function signIn(extension: Nip07) {
    setError(null);
    return action.run(
      async (api) => {
        const signed = await signedChallenge(api, extension, t("auth.nostr.refused"));
        if (!signed.ok) return signed;
        return api("/api/auth/nostr/login", { method: "POST", body: { event: signed.data.event } });
      },
      {
        success: false,
        revalidate: false,
        onFailure: (failure) => setError(failure.message),
        onSuccess: (data) => (data.secondStep ? toSecondStep(locale) : onDone(data.message ?? "")),
      },
    );
  }

  return (
    <div className="grid gap-2 border-t pt-4">
      <Button variant="outline" onClick={() => void signIn(extension)} disabled={pending} data-testid="nostr-sign-in">
        <Icon name="key-round" />
        {pending ? t("auth.nostr.waiting") : t("auth.nostr.button")}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="nostr-sign-in-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
