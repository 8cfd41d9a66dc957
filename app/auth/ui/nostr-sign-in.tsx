import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { useApi } from "~/ui/use-api";
import { useHydrated } from "~/ui/use-hydrated";
import { nostrExtension, type Nip07 } from "~/keys/extension";

/**
 * "Sign in with Nostr extension": shown when the browser has one (NIP-07). The extension signs a one-time
 * challenge from the server with the member's own key (linked on their profile); no password is sent.
 */
export function NostrSignIn({ onDone }: { onDone: (message: string) => void }) {
  const t = useT();
  const api = useApi();
  // Extensions put window.nostr in place as the page loads: read once the page runs in the browser.
  const hydrated = useHydrated();
  const extension: Nip07 | null = hydrated ? (nostrExtension() ?? null) : null;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!extension) return null;

  async function signIn() {
    if (!extension) return;
    setPending(true);
    setError(null);
    try {
      const challenge = await api<{ challenge: string }>("/api/auth/nostr/challenge", { method: "GET" });
      if (!challenge.ok) return setError(challenge.message);
      let event: unknown;
      try {
        event = await extension.signEvent({
          kind: 22242,
          created_at: Math.floor(Date.now() / 1000),
          content: "",
          tags: [
            ["relay", window.location.origin],
            ["challenge", challenge.data.challenge],
          ],
        });
      } catch {
        return setError(t("auth.nostr.refused"));
      }
      const result = await api("/api/auth/nostr/login", { method: "POST", body: { event } });
      if (!result.ok) return setError(result.message);
      onDone(result.data.message ?? "");
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="grid gap-2 border-t pt-4">
      <Button variant="outline" onClick={() => void signIn()} disabled={pending} data-testid="nostr-sign-in">
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
