import { useState } from "react";
import { Address } from "~/ui/address";
import { Link } from "react-router";
import { RelativeTime } from "~/ui/relative-time";
import { formatDate, formatNumber } from "~/i18n/format";
import { localizePath } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import type { TFunction } from "~/i18n/translate";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Icon } from "~/ui/icon";
import { Moment } from "~/ui/moment";
import type { IconName } from "~/ui/icon-names";
import { useApiAction } from "~/ui/use-api";
import type { BuildSummary, CommitSummary } from "../builds.server";
import { editorPathOf } from "~/content/editor-link";
import type { HostSettingsView } from "../host-schema";
import type { PushErrorView } from "../pushes.server";
import { CommitDiff } from "./commit-diff";
import { HostSummary, type CloneAddress } from "./host-summary";

export interface BuildsData {
  builds: BuildSummary[];
  more: boolean;
  nextBefore: number | null;
  userId: number;
  canPush: boolean;
  canWrite: boolean;
  /** The git host, shown read-only (it is changed on the settings page). */
  host: HostSettingsView;
  clone: CloneAddress;
  /** The settings page, for those who may change the host there (settings.edit). */
  settingsPath: string | null;
}

const statusStyle: Record<BuildSummary["status"], { icon: IconName; className: string }> = {
  open: { icon: "pen-line", className: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200" },
  publishing: { icon: "loader-circle", className: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200" },
  published: {
    icon: "circle-check",
    className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  },
  failed: { icon: "triangle-alert", className: "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200" },
};

/** A stored push error in the reader's words. */
export function pushErrorText(stored: string | null, t: TFunction): string | null {
  if (!stored) return null;
  try {
    const view = JSON.parse(stored) as PushErrorView;
    return t(`builds.${view.key}`, { files: view.files ?? "" });
  } catch {
    return stored;
  }
}

/**
 * /manage/builds: the open build first (its commits, each with its diff, and publishing), then earlier builds with
 * their state on the git hosts, and the git host (changed on the settings page).
 */
export function BuildsScreen({ data }: { data: BuildsData }) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const open = data.builds.find((b) => b.status === "open") ?? null;
  const others = data.builds.filter((b) => b !== open);
  return (
    <section className="grid grid-cols-1 gap-6" data-testid="manage-builds">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid max-w-2xl gap-1">
          <h1 className="text-3xl font-black tracking-tight">{t("builds.title")}</h1>
          <p className="text-sm text-muted-foreground">{t("builds.description")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {data.canPush && data.host.kind !== "local" ? (
            <Button
              variant="outline"
              loading={action.pending}
              onClick={() => action.run("/api/builds/import")}
              data-testid="import"
            >
              <Icon name="import" />
              {t("builds.import")}
            </Button>
          ) : null}
          {data.canWrite ? (
            <Link
              to={localizePath("/manage/editor", locale)}
              className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
              data-testid="new-page"
            >
              <Icon name="file-plus" className="size-4" />
              {t("builds.newPage")}
            </Link>
          ) : null}
        </div>
      </header>

      {data.builds.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground" data-testid="builds-empty">
          {t("builds.empty")}
        </p>
      ) : null}

      {open ? <BuildCard build={open} data={data} /> : null}
      {others.length ? (
        <ol className="grid gap-4" data-testid="build-list">
          {others.map((build) => (
            <li key={build.id}>
              <BuildCard build={build} data={data} />
            </li>
          ))}
        </ol>
      ) : null}
      {data.more && data.nextBefore ? (
        <Link
          to={`?before=${data.nextBefore}`}
          className="justify-self-center rounded-md border px-4 py-2 text-sm hover:bg-accent"
          data-testid="more-builds"
        >
          {t("builds.more")}
        </Link>
      ) : null}

      <HostSummary host={data.host} clone={data.clone} settingsPath={data.settingsPath} />
    </section>
  );
}

function BuildCard({ build, data }: { build: BuildSummary; data: BuildsData }) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [confirm, setConfirm] = useState(false);
  const style = statusStyle[build.status];
  const baseline = build.kind === "baseline";
  const failure = pushErrorText(build.error, t);
  const waiting = build.pushes.find((p) => p.state === "pending" && p.nextAttemptAt);
  const commitCount = formatNumber(build.commits.length, locale);
  const commitCountText = t(build.commits.length === 1 ? "builds.commitCount.one" : "builds.commitCount.other", {
    count: commitCount,
  });
  return (
    <article
      className={cn(
        "grid gap-3 rounded-xl border p-4 sm:p-5",
        build.status === "open" && "border-sky-300 dark:border-sky-800",
      )}
      aria-labelledby={`build-${build.id}`}
      data-testid="build"
      data-status={build.status}
      data-build-id={build.id}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={`build-${build.id}`} className="flex flex-wrap items-center gap-2 text-lg font-bold">
            <span
              className={cn(
                "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
                style.className,
              )}
              data-testid="build-status"
            >
              <Icon name={style.icon} className={cn("size-3.5", build.status === "publishing" && "animate-spin")} />
              {t(`builds.status.${build.status}`)}
            </span>
            {baseline ? (
              t("builds.baseline")
            ) : (
              // Named in the writer's words and calendar; the name the repository knows it by stays at hand.
              <span title={build.name} data-testid="build-title">
                {build.status === "open"
                  ? t("builds.openTitle")
                  : t("builds.publishTitle", { date: formatDate(build.publishedAt ?? build.createdAt, locale) })}
              </span>
            )}
          </h2>
          <p className="text-sm text-muted-foreground">
            {baseline ? (
              t("builds.baselineNote")
            ) : build.publishedAt ? (
              <>
                {t("builds.publishedOn")} <RelativeTime iso={build.publishedAt} locale={locale} />
                {build.publishedBy ? (
                  <>
                    {" · "}
                    <bdi>{build.publishedBy}</bdi>
                  </>
                ) : (
                  ""
                )}
              </>
            ) : (
              <>
                <RelativeTime iso={build.createdAt} locale={locale} />
                {build.authors.length
                  ? // Each name isolated (FSI … PDI): a Latin name must not turn the Persian line around.
                    ` · ${t("builds.authors", { names: new Intl.ListFormat(locale, { type: "conjunction" }).format(build.authors.map((name) => `\u2068${name}\u2069`)) })}`
                  : ""}
              </>
            )}
            {!baseline ? ` · ${commitCountText}` : ""}
          </p>
          {build.localCommit ? (
            <p className="text-xs text-muted-foreground">
              {t("builds.commitId")}{" "}
              <code dir="ltr" className="font-mono">
                {build.localCommit.slice(0, 10)}
              </code>
              {build.remoteCommit && build.remoteCommit !== build.localCommit ? (
                <>
                  {" · "}
                  {t("builds.target.remote")}{" "}
                  <code dir="ltr" className="font-mono">
                    {build.remoteCommit.slice(0, 10)}
                  </code>
                </>
              ) : null}
            </p>
          ) : null}
        </div>
        {data.canPush && build.status === "open" && build.commits.length ? (
          <Button onClick={() => setConfirm(true)} loading={action.pending} data-testid="publish">
            <Icon name="cloud-upload" />
            {action.pending ? t("builds.publishing") : t("builds.publish")}
          </Button>
        ) : null}
        {data.canPush && (build.status === "failed" || build.status === "publishing") ? (
          <Button
            variant="outline"
            loading={action.pending}
            onClick={() => action.run("/api/builds/run", { body: { buildId: build.id } })}
            data-testid="retry"
          >
            <Icon name="refresh-cw" />
            {t("builds.retry")}
          </Button>
        ) : null}
      </header>

      {failure ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-900 dark:bg-rose-950/50 dark:text-rose-200"
          data-testid="build-error"
        >
          <Icon name="triangle-alert" className="mt-1 size-4 shrink-0" />
          <span>
            {failure}
            {waiting?.nextAttemptAt ? (
              <>
                {" "}
                {t("builds.push.retryAt")} <RelativeTime iso={waiting.nextAttemptAt} locale={locale} />
              </>
            ) : null}
          </span>
        </p>
      ) : null}

      {build.commits.length ? (
        <ul className="grid divide-y rounded-lg border" data-testid="commits">
          {build.commits.map((commit) => (
            <CommitRow key={commit.id} commit={commit} build={build} data={data} />
          ))}
        </ul>
      ) : null}

      {confirm ? (
        <ConfirmDialog
          title={t("builds.publish.title")}
          description={t("builds.publish.description", { count: commitCount })}
          confirmLabel={t("builds.publish")}
          destructive={false}
          onConfirm={() => action.run("/api/builds/run", { body: { buildId: build.id } })}
          onClose={() => setConfirm(false)}
          testId="publish-dialog"
          confirmTestId="publish-confirm"
        />
      ) : null}
    </article>
  );
}

const actionIcon: Record<CommitSummary["action"], IconName> = {
  create: "file-plus",
  update: "file-pen-line",
  delete: "trash-2",
  move: "arrow-left-right",
};

function CommitRow({ commit, build, data }: { commit: CommitSummary; build: BuildSummary; data: BuildsData }) {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [showDiff, setShowDiff] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const canDiscard = build.status === "open" && (commit.author.id === data.userId || data.canPush);
  return (
    <li className="grid gap-2 p-3" data-testid="commit" data-path={commit.path} data-action={commit.action}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="inline-flex items-center gap-1 rounded bg-muted px-1.5 py-0.5 text-xs">
              <Icon name={actionIcon[commit.action]} className="size-3.5" />
              {t(`builds.commit.${commit.action}`)}
            </span>
            <bdi>{commit.message}</bdi>
          </p>
          <p className="text-xs text-muted-foreground">
            <Address className="break-all">{commit.path}</Address>
            {commit.fromPath ? (
              <>
                {" "}
                {t("builds.commit.movedFrom")} <Address className="break-all">{commit.fromPath}</Address>
              </>
            ) : null}
          </p>
          <p className="text-xs text-muted-foreground">
            <bdi>{commit.author.name}</bdi> · <RelativeTime iso={commit.updatedAt} locale={locale} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showDiff}
            onClick={() => setShowDiff((v) => !v)}
            data-testid="show-diff"
          >
            {showDiff ? t("builds.diff.hide") : t("builds.diff.show")}
          </Button>
          {build.status === "open" && data.canWrite && commit.page && commit.action !== "delete" ? (
            <Link
              to={localizePath(editorPathOf(commit.page.locale, commit.page.path), locale)}
              className="inline-flex h-8 items-center rounded-md px-3 text-sm hover:bg-accent"
            >
              {t("builds.commit.edit")}
            </Link>
          ) : null}
          {build.status === "open" && data.canWrite && commit.page && commit.action !== "delete" ? (
            <Button
              variant="ghost"
              size="sm"
              loading={action.pending}
              onClick={() =>
                void action.run<{ url: string }>("/api/builds/preview-links", {
                  body: commit.page,
                  revalidate: false,
                  onSuccess: (made) => setPreviewUrl(made.url),
                })
              }
              data-testid="commit-preview-link"
            >
              <Icon name="link" className="size-4" />
              {t("builds.commit.previewLink")}
            </Button>
          ) : null}
          {commit.appearsAt ? (
            <span className="inline-flex h-8 items-center px-3 text-sm text-muted-foreground" data-testid="appears-at">
              {t("builds.commit.appearsAt")}&nbsp;
              <Moment iso={commit.appearsAt} locale={locale} />
            </span>
          ) : build.status !== "open" && build.status !== "publishing" && commit.page && commit.action !== "delete" ? (
            <Link
              to={localizePath(commit.page.path, commit.page.locale)}
              className="inline-flex h-8 items-center gap-1 rounded-md px-3 text-sm hover:bg-accent"
              data-testid="view-page"
            >
              <Icon name="external-link" className="size-4" />
              {t("builds.commit.view")}
            </Link>
          ) : null}
          {canDiscard ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setConfirm(true)}
              loading={action.pending}
              data-testid="discard"
            >
              {t("builds.commit.discard")}
            </Button>
          ) : null}
        </div>
      </div>
      {previewUrl ? (
        <input
          readOnly
          dir="ltr"
          value={previewUrl}
          aria-label={t("builds.commit.previewAddress")}
          onFocus={(event) => event.currentTarget.select()}
          className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
          data-testid="commit-preview-url"
        />
      ) : null}
      {showDiff ? <CommitDiff commitId={commit.id} /> : null}
      {confirm ? (
        <ConfirmDialog
          title={t("builds.commit.discardTitle")}
          description={t("builds.commit.discardDescription")}
          confirmLabel={t("builds.commit.discard")}
          onConfirm={() => action.run("/api/builds/discard", { body: { commitId: commit.id } })}
          onClose={() => setConfirm(false)}
          testId="discard-dialog"
          confirmTestId="discard-confirm"
        />
      ) : null}
    </li>
  );
}
