import { useLocation } from "react-router";
import { useLocale, useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { toast } from "~/ui/toast/store";
import { Button } from "~/ui/button";
import { openOAuth } from "~/auth/oauth-popup";
import { toSecondStep } from "./to-second-step";
import type { ProviderInfo } from "~/auth/oauth/provider-info";

function GitHubMark() {
  return (
    <svg viewBox="0 0 16 16" aria-hidden fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8a8 8 0 0 0 5.47 7.59c.4.07.55-.17.55-.38l-.01-1.49c-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82a7.4 7.4 0 0 1 4 0c1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48l-.01 2.2c0 .21.15.46.55.38A8.01 8.01 0 0 0 16 8c0-4.42-3.58-8-8-8Z" />
    </svg>
  );
}

/** One button per configured provider (none when nothing is configured). */
export function OAuthButtons({
  providers,
  mode = "login",
  onSignedIn,
}: {
  providers: ProviderInfo[];
  mode?: "login" | "link";
  /** After a successful sign-in or link, with the message to show. */
  onSignedIn: (message: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      {mode === "login" ? (
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          {t("auth.oauth.or")}
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline"
          data-testid={`oauth-${provider.id}`}
          onClick={() =>
            void openOAuth(provider.id, {
              mode,
              locale,
              returnTo: location.pathname + location.search,
              onResult: (result) => {
                if (result.ok && result.secondStep) toSecondStep(locale);
                else if (result.ok) onSignedIn(result.message);
                else toast({ title: result.message, variant: "error" });
              },
            })
          }
        >
          {provider.id === "github" ? <GitHubMark /> : <Icon name="key-round" />}
          {t(mode === "login" ? "auth.oauth.continueWith" : "auth.oauth.link", { provider: provider.name })}
        </Button>
      ))}
    </div>
  );
}
