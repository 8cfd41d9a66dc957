import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";
import type { ApiData } from "~/lib/api-client";
import { passkeyAnswer } from "./passkey-steps";

/**
 * A button that proves something with a passkey: signing in with one alone (`sign-in`), a pending sign-in's
 * second step, or proof on the profile (`confirm`). The answer goes to `path`; a failure shows under it.
 */
export function PasskeyButton({
  purpose,
  path,
  label,
  onDone,
  testId,
  variant = "outline",
}: {
  purpose: "sign-in" | "second-step" | "confirm";
  path: string;
  label: string;
  onDone: (data: ApiData) => void;
  testId: string;
  variant?: "outline" | "primary";
}) {
  const t = useT();
  const action = useApiAction();
  const [error, setError] = useState<string | null>(null);
  const texts = { cancelled: t("auth.passkey.cancelled"), unsupported: t("auth.passkey.unsupported") };
  function run() {
    setError(null);
    return action.run(
      async (api) => {
        const answer = await passkeyAnswer(api, purpose, texts);
        if (!answer.ok) return answer;
        return api(path, { method: "POST", body: answer.data });
      },
      {
        success: false,
        revalidate: purpose === "confirm",
        onFailure: (failure) => setError(failure.message),
        onSuccess: onDone,
      },
    );
  }
  return (
    <div className="grid gap-2">
      <Button variant={variant} onClick={() => void run()} disabled={action.pending} data-testid={testId}>
        <Icon name="key-round" />
        {action.pending ? t("auth.passkey.waiting") : label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
