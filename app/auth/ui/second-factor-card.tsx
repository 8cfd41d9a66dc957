import { useState } from "react";
import { secondFactorCodeSchema } from "~/auth/schema";
import { formatDate, formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { ApiForm, SubmitButton } from "~/ui/api-form";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";
import { useApiForm } from "~/ui/use-api-form";
import type { PasskeyView } from "~/auth/passkeys.server";
import { PasskeysSection } from "./passkeys-section";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { SecondFactorCodeField } from "./second-factor-code-field";

/** The account's second factor as the profile shows it. */
export interface SecondFactorView {
  /** When the authenticator app was turned on (ISO); null while off. */
  totpSince: string | null;
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
}

interface TotpSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * "Two-step sign-in" on the profile: setting up an authenticator app (its QR code and key shown once, a code
 * from it turns it on and brings ten recovery codes, shown once), new recovery codes, removing it. Each change
 * needs recent proof; a refusal says what to confirm first.
 */
export function SecondFactorCard({ status }: { status: SecondFactorView }) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<"regenerate" | "remove" | null>(null);
  const enable = useApiForm({
    schema: secondFactorCodeSchema,
    path: "/api/auth/second-factor/totp",
    method: "PUT",
    initial: { code: "" },
    reset: true,
    onSuccess: (data) => {
      setSetup(null);
      setCodes(data.recoveryCodes as string[]);
    },
  });
  const showCodes = (data: Record<string, unknown>) => setCodes(data.recoveryCodes as string[]);
  const on = status.totpSince !== null || status.passkeys.length > 0;
  return (
    <Card title={t("auth.secondFactor.title")} description={t("auth.secondFactor.hint")} testId="second-factor">
      <p className="flex items-center gap-2 text-sm" data-testid="second-factor-state">
        <Icon
          name={on ? "shield-plus" : "shield-x"}
          className={on ? "size-4 text-success" : "size-4 text-muted-foreground"}
        />
        {status.totpSince
          ? t("auth.secondFactor.onSince", { date: formatDate(status.totpSince, locale) })
          : t(on ? "auth.secondFactor.onPasskeys" : "auth.secondFactor.off")}
        {on ? (
          <span className="text-muted-foreground">
            · {t("auth.secondFactor.codesLeft", { count: formatNumber(status.recoveryCodesLeft, locale) })}
          </span>
        ) : null}
      </p>
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      {setup ? (
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr] sm:items-start" data-testid="totp-setup">
          <div
            role="img"
            aria-label={t("auth.secondFactor.qrLabel")}
            // The QR code's SVG is made on the server from the key and the account's name: no markup of anyone's.
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            className="mx-auto w-48 rounded-lg bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
          />
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">{t("auth.secondFactor.scan")}</p>
            <p className="grid gap-1 text-sm">
              <span className="font-medium">{t("auth.secondFactor.secretLabel")}</span>
              <code
                dir="ltr"
                className="break-all rounded bg-muted px-2 py-1 text-start font-mono"
                data-testid="totp-secret"
              >
                {setup.secret}
              </code>
            </p>
            <ApiForm form={enable} data-testid="totp-enable-form">
              <SecondFactorCodeField field={enable.field("code")} error={enable.errors.code} />
              <div className="flex flex-wrap gap-2">
                <SubmitButton pendingLabel={t("auth.secondFactor.confirming")} data-testid="totp-enable-submit">
                  {t("auth.secondFactor.confirm")}
                </SubmitButton>
                <Button variant="ghost" onClick={() => setSetup(null)}>
                  {t("auth.secondFactor.cancel")}
                </Button>
              </div>
            </ApiForm>
          </div>
        </div>
      ) : status.totpSince ? (
        <div>
          <Button variant="outline" onClick={() => setAsking("remove")} data-testid="totp-remove">
            <Icon name="trash-2" />
            {t("auth.secondFactor.remove")}
          </Button>
        </div>
      ) : codes ? null : (
        <div>
          <Button
            onClick={() =>
              void action.run<TotpSetup>("/api/auth/second-factor/totp", {
                method: "POST",
                success: false,
                revalidate: false,
                onSuccess: (data) => setSetup(data),
              })
            }
            disabled={action.pending}
            data-testid="totp-set-up"
          >
            <Icon name="shield-plus" />
            {action.pending ? t("auth.secondFactor.starting") : t("auth.secondFactor.setUp")}
          </Button>
        </div>
      )}
      <PasskeysSection passkeys={status.passkeys} onRecoveryCodes={setCodes} />
      {on ? (
        <div className="border-t pt-4">
          <Button variant="outline" onClick={() => setAsking("regenerate")} data-testid="recovery-codes-regenerate">
            <Icon name="refresh-cw" />
            {t("auth.secondFactor.regenerate")}
          </Button>
        </div>
      ) : null}
      {asking === "regenerate" ? (
        <ConfirmDialog
          title={t("auth.secondFactor.regenerateTitle")}
          description={t("auth.secondFactor.regenerateBody")}
          confirmLabel={t("auth.secondFactor.regenerate")}
          onConfirm={() =>
            action.run("/api/auth/second-factor/recovery-codes", { method: "POST", onSuccess: showCodes })
          }
          onClose={() => setAsking(null)}
          testId="recovery-codes-dialog"
        />
      ) : asking === "remove" ? (
        <ConfirmDialog
          title={t("auth.secondFactor.removeTitle")}
          description={t("auth.secondFactor.removeBody")}
          confirmLabel={t("auth.secondFactor.remove")}
          onConfirm={() => action.run("/api/auth/second-factor/totp", { method: "DELETE" })}
          onClose={() => setAsking(null)}
          testId="totp-remove-dialog"
        />
      ) : null}
    </Card>
  );
}
