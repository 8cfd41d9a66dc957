import { useEffect } from "react";
import { useLocale, useT } from "~/i18n/use-t";
import { loadIdentityMaker, useLocalProfile } from "~/keys/store";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Icon } from "~/ui/icon";
import { succeeded, useApiAction } from "~/ui/use-api";

/** This browser's identity (kept in localStorage): its name, about, public key, and a new random name. */
export function IdentityCard({ signedIn }: { signedIn: boolean }) {
  const t = useT();
  const locale = useLocale();
  const profile = useLocalProfile();
  const action = useApiAction();
  const missing = !profile;
  // On this page the identity is wanted now, not after idle.
  useEffect(() => {
    if (missing) void loadIdentityMaker().then((maker) => maker.ensureIdentity(locale));
  }, [missing, locale]);

  const rename = () =>
    action.run(
      async (api) => {
        const next = await (await loadIdentityMaker()).renameIdentity(locale);
        if (signedIn) {
          // The account's list of devices shows the name too: a refusal is reported, not covered by "renamed".
          const result = await api("/api/identity/device", {
            method: "PUT",
            body: { pub: next.pub, deviceName: next.deviceName },
          });
          if (!result.ok) return result;
        }
        return succeeded({ message: t("auth.identity.renamed", { name: next.deviceName }) });
      },
      { revalidate: false },
    );

  return (
    <Card
      title={t("auth.identity.title")}
      description={t(signedIn ? "auth.identity.signedIn" : "auth.identity.anonymous")}
      testId="identity-card"
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void rename()}
          disabled={action.pending || !profile}
          data-testid="new-random-name"
        >
          <Icon name="shuffle" />
          {t("auth.identity.newName")}
        </Button>
      }
    >
      {profile ? (
        <div className="flex items-start gap-4">
          <Avatar name={signedIn ? profile.deviceName : profile.displayName} size="md" />
          <dl className="grid min-w-0 flex-1 gap-2 text-sm">
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">
                {t(signedIn ? "auth.identity.deviceName" : "auth.identity.name")}
              </dt>
              <dd className="font-semibold">
                <bdi data-testid="identity-name">{signedIn ? profile.deviceName : profile.displayName}</bdi>
              </dd>
            </div>
            {!signedIn ? (
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t("auth.identity.about")}</dt>
                <dd>
                  <bdi data-testid="identity-about">{profile.about}</bdi>
                </dd>
              </div>
            ) : null}
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground">{t("auth.identity.publicKey")}</dt>
              <dd>
                <span
                  dir="ltr"
                  className="inline-block max-w-full break-all font-mono text-xs"
                  data-testid="identity-pub"
                >
                  {profile.pub}
                </span>
              </dd>
            </div>
          </dl>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t("auth.identity.preparing")}</p>
      )}
    </Card>
  );
}
