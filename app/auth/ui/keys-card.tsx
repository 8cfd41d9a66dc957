import { useState } from "react";
import { describeUserAgent } from "~/auth/user-agent";
import { formatDate } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { useLocalProfile } from "~/keys/store";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Icon } from "~/ui/icon";
import { useApiAction } from "~/ui/use-api";

/** A key that speaks for the account: a browser's (a device) or the one linked from an extension. */
export type AccountKey =
  | {
      kind: "device";
      pub: string;
      deviceName: string;
      userAgent: string | null;
      createdAt: string;
      lastActivityAt: string;
    }
  | { kind: "linked"; pub: string; linkedAt: string | null; usedAt: string | null };

const rowClass = "flex items-start gap-3 py-3";

/** The account's keys with when each was added and last used; any one can be removed, after a question. */
export function KeysCard({ keys }: { keys: AccountKey[] }) {
  const t = useT();
  const action = useApiAction();
  const locale = useLocale();
  const local = useLocalProfile();
  const [removing, setRemoving] = useState<AccountKey | null>(null);
  const when = (iso: string) => formatDate(iso, locale);
  return (
    <Card title={t("auth.keys.title")} description={t("auth.keys.hint")} testId="keys">
      {keys.length ? (
        <ul className="divide-y">
          {keys.map((key) => {
            const added = key.kind === "device" ? key.createdAt : key.linkedAt;
            const used = key.kind === "device" ? key.lastActivityAt : key.usedAt;
            return (
              <li
                key={key.pub}
                className={rowClass}
                data-testid={key.kind === "linked" ? "linked-key-row" : "device-row"}
              >
                <Icon
                  name={key.kind === "linked" ? "key-round" : "monitor"}
                  className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                />
                <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                  <span className="font-medium">
                    {key.kind === "linked" ? (
                      t("auth.keys.linked")
                    ) : (
                      <bdi>
                        {key.deviceName || describeUserAgent(key.userAgent) || t("auth.sessions.unknownBrowser")}
                      </bdi>
                    )}
                    {key.kind === "device" && local?.pub === key.pub ? (
                      <span className="ms-2 rounded-full bg-success/15 px-2 py-0.5 text-xs text-success">
                        {t("auth.devices.thisDevice")}
                      </span>
                    ) : null}
                  </span>
                  <span className="text-muted-foreground">
                    {[
                      key.kind === "device" ? describeUserAgent(key.userAgent) : null,
                      added ? t("auth.keys.added", { date: when(added) }) : null,
                      used ? t("auth.keys.lastUsed", { date: when(used) }) : t("auth.keys.notUsed"),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                  <span className="truncate text-xs text-muted-foreground">
                    <bdi dir="ltr" className="font-mono">
                      {key.pub}
                    </bdi>
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setRemoving(key)}
                  data-testid="key-remove"
                  aria-label={`${t("auth.keys.remove")}: ${key.pub.slice(0, 12)}`}
                >
                  <Icon name="trash-2" className="size-4" />
                  {t("auth.keys.remove")}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("auth.devices.empty")}</p>
      )}
      {removing ? (
        <ConfirmDialog
          title={t(removing.kind === "linked" ? "auth.keys.removeLinkedTitle" : "auth.keys.removeDeviceTitle")}
          description={t(removing.kind === "linked" ? "auth.keys.removeLinked" : "auth.keys.removeDevice")}
          confirmLabel={t("auth.keys.remove")}
          onConfirm={() =>
            removing.kind === "linked"
              ? action.run("/api/auth/nostr/link", { method: "DELETE" })
              : action.run("/api/identity/device", { method: "DELETE", body: { pub: removing.pub } })
          }
          onClose={() => setRemoving(null)}
          testId="key-remove-dialog"
        />
      ) : null}
    </Card>
  );
}
