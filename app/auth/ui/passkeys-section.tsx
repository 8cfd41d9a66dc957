import { useState } from "react";
import type { PasskeyView } from "~/auth/passkeys.server";
import { formatDate } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { refused, useApiAction } from "~/ui/use-api";
import { newPasskey } from "./passkey-steps";

/**
 * The account's passkeys on the profile: each with its name, when it was added and last used, and removable
 * after a question; a named new one is added with the device's prompt. The first factor's recovery codes go to
 * `onRecoveryCodes`.
 */
export function PasskeysSection({
  passkeys,
  onRecoveryCodes,
}: {
  passkeys: PasskeyView[];
  onRecoveryCodes: (codes: string[]) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [removing, setRemoving] = useState<PasskeyView | null>(null);
  const texts = { cancelled: t("auth.passkey.cancelled"), unsupported: t("auth.passkey.unsupported") };
  function add() {
    setError(undefined);
    return action.run(
      async (api) => {
        if (!name.trim()) return refused(t("validation.required"));
        const made = await newPasskey(api, texts);
        if (!made.ok) return made;
        return api<{ recoveryCodes: string[] | null }>("/api/auth/passkeys", {
          method: "POST",
          body: { name, response: made.data.response },
        });
      },
      {
        onFailure: (failure) => setError(failure.issues[0]?.message ?? failure.message),
        onSuccess: (data) => {
          setName("");
          if (data.recoveryCodes) onRecoveryCodes(data.recoveryCodes);
        },
      },
    );
  }
  return (
    <div className="grid gap-3 border-t pt-4" data-testid="passkeys">
      <div className="grid gap-1">
        <h3 className="font-bold">{t("auth.passkey.title")}</h3>
        <p className="text-sm text-muted-foreground">{t("auth.passkey.hint")}</p>
      </div>
      {passkeys.length ? (
        <ul className="divide-y">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex items-center gap-3 py-2" data-testid="passkey-row">
              <Icon name="key-round" className="size-5 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                <bdi className="font-medium">{passkey.name}</bdi>
                <span className="text-muted-foreground">
                  {t("auth.passkey.addedOn", { date: formatDate(passkey.createdAt, locale) })} ·{" "}
                  {passkey.lastUsedAt
                    ? t("auth.passkey.lastUsed", { date: formatDate(passkey.lastUsedAt, locale) })
                    : t("auth.passkey.notUsed")}
                </span>
              </div>
              <Button variant="ghost" size="sm" onClick={() => setRemoving(passkey)} data-testid="passkey-remove">
                <Icon name="trash-2" className="size-4" />
                {t("auth.passkey.remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("auth.passkey.empty")}</p>
      )}
      <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field label={t("auth.passkey.field.name")} error={error}>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t("auth.passkey.namePlaceholder")}
            maxLength={60}
            dir="auto"
            data-testid="passkey-name"
          />
        </Field>
        <Button onClick={() => void add()} disabled={action.pending} data-testid="passkey-add">
          <Icon name="plus" />
          {action.pending ? t("auth.passkey.adding") : t("auth.passkey.add")}
        </Button>
      </div>
      {removing ? (
        <ConfirmDialog
          title={t("auth.passkey.removeTitle")}
          description={t("auth.passkey.removeBody")}
          confirmLabel={t("auth.passkey.remove")}
          onConfirm={() => action.run("/api/auth/passkeys", { method: "DELETE", body: { id: removing.id } })}
          onClose={() => setRemoving(null)}
          testId="passkey-remove-dialog"
        />
      ) : null}
    </div>
  );
}
