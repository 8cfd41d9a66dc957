import { useLocalProfile } from "~/keys/store";
import { useT } from "~/i18n/use-t";
import { Checklist } from "~/ui/checklist";
import { describeUserAgent } from "~/auth/user-agent";
import type { AccountKey } from "./keys-card";

/**
 * The keys to keep when every other sign-in ends (a password change, "sign out everywhere"). Only this browser's
 * key starts ticked: a key kept by mistake could be someone else's way back in, one removed by mistake costs a
 * sign-in (a browser) or linking again (an extension).
 */
export function defaultKept(keys: AccountKey[], localPub: string | undefined): string[] {
  return keys.filter((key) => key.kind === "device" && key.pub === localPub).map((key) => key.pub);
}

export function KeepKeys({
  keys,
  selected,
  onChange,
  testId,
}: {
  keys: AccountKey[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  testId: string;
}) {
  const t = useT();
  const local = useLocalProfile();
  if (keys.length === 0) return null;
  return (
    <div className="grid gap-2">
      <Checklist
        name="keep"
        legend={t("auth.keys.keep")}
        testId={testId}
        selected={selected}
        onChange={onChange}
        options={keys.map((key) => ({
          value: key.pub,
          label:
            key.kind === "linked"
              ? t("auth.keys.linked")
              : `${key.deviceName || describeUserAgent(key.userAgent) || t("auth.sessions.unknownBrowser")}${
                  key.pub === local?.pub ? ` · ${t("auth.devices.thisDevice")}` : ""
                }`,
          hint: `${key.pub.slice(0, 16)}…`,
        }))}
      />
      <p className="text-xs text-muted-foreground">{t("auth.keys.keepHint")}</p>
    </div>
  );
}
