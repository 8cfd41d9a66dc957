import { Link } from "react-router";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import type { RepositoryAccess } from "~/settings/app-config";
import type { HostSettingsView } from "../host-schema";

/**
 * The git host as it is set, read-only: where published builds go, and the clone address of the site's own
 * repository. The host is changed in one place, the settings page; `settingsPath` links there for those who may.
 */
export function HostSummary({
  host,
  clone,
  settingsPath,
}: {
  host: HostSettingsView;
  clone: CloneAddress;
  settingsPath: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section
      className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
      aria-labelledby="git-host-summary-title"
      data-testid="host-summary"
      data-kind={host.kind}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="git-host-summary-title" className="flex items-center gap-2 text-lg font-bold">
          <Icon name="git-branch" className="size-5" />
          {t("builds.host.title")}
        </h2>
        {settingsPath ? (
          <Link
            to={`${localizePath(settingsPath, locale)}#git-host`}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
            data-testid="host-settings-link"
          >
            <Icon name="settings" className="size-4" />
            {t("builds.host.change")}
          </Link>
        ) : null}
      </header>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t("builds.host.kind")}</dt>
        <dd data-testid="host-kind-value">{t(`builds.host.kind.${host.kind}`)}</dd>
        {host.kind !== "local" ? (
          <>
            <dt className="text-muted-foreground">{t("builds.host.url")}</dt>
            <dd className="min-w-0">
              <bdi dir="ltr" className="font-mono text-xs break-all" data-testid="host-url-value">
                {host.url}
              </bdi>
            </dd>
            <dt className="text-muted-foreground">{t("builds.host.branch")}</dt>
            <dd>
              <bdi dir="ltr" className="font-mono text-xs">
                {host.branch}
              </bdi>
            </dd>
            <dt className="text-muted-foreground">{t("builds.host.token")}</dt>
            <dd>{t(host.hasToken ? "builds.host.tokenSet" : "builds.host.tokenMissing")}</dd>
          </>
        ) : null}
      </dl>
      <CloneLine {...clone} />
    </section>
  );
}

/** The site's repository address and who may clone it (the "repository" settings). */
export interface CloneAddress {
  url: string;
  access: RepositoryAccess;
}

/** Who may clone the site's own repository, and the command that does it (none when it is not served). */
export function CloneLine({ url, access }: CloneAddress) {
  const t = useT();
  return (
    <div className="grid gap-1.5 text-sm" data-testid="clone-line" data-access={access}>
      <p>{t(`builds.host.clone.${access}`)}</p>
      {access !== "off" ? (
        <code
          dir="ltr"
          className="w-fit max-w-full rounded bg-muted px-2 py-1 text-xs break-all"
          data-testid="clone-url"
        >
          git clone {url}
        </code>
      ) : null}
    </div>
  );
}
