import { useRef, useState, type RefObject } from "react";
import type { FrontMatterFields } from "~/builds/commit-schema";
import { pageOfFile } from "~/builds/files";
import type { PageHistory, PageVersion, VersionTexts } from "~/builds/page-history.server";
import { TextDiff } from "~/builds/ui/text-diff";
import { formatDateTime, formatNumber } from "~/i18n/format";
import { localizePath, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Icon } from "~/ui/icon";
import { Moment } from "~/ui/moment";
import { Spinner } from "~/ui/spinner";
import { toast } from "~/ui/toast/store";
import { useApi, useApiQuery } from "~/ui/use-api";

export interface RestoredVersion {
  hash: string | null;
  fields: FrontMatterFields;
  markdown: string;
}

type Against = "previous" | "current";

/**
 * The page's history beside the editor: its versions newest first (each published build that changed it, and its
 * change in the open build), a version's diff against the one before it or against the page now, and restoring
 * it as a change in the open build. Loaded on use (./editor-screen.tsx).
 */
export default function PageHistoryPanel({
  open,
  onOpenChange,
  locale,
  path,
  title,
  baseHash,
  dirty,
  prepare,
  onRestored,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locale: Locale;
  path: string;
  title: string;
  /** The version the editor holds: a restore is refused when the page has changed since. */
  baseHash: string | null;
  /** The editor holds changes not saved: a restore would replace them, so it waits until they are saved. */
  dirty: boolean;
  /** Loads what showing the restored text needs, before anything is written. */
  prepare: () => Promise<unknown>;
  onRestored: (restored: RestoredVersion) => Promise<void>;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const content = useRef<HTMLDivElement>(null);
  const [chosen, setChosen] = useState<PageVersion | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        side="end"
        size="lg"
        closeLabel={t("common.dialog.close")}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
        data-testid="page-history"
      >
        <DialogHeader className="border-b py-4 ps-4">
          <DialogTitle>
            <bdi>{t("editor.history.title", { title })}</bdi>
          </DialogTitle>
          <DialogDescription>{t("editor.history.about")}</DialogDescription>
        </DialogHeader>
        <div className="grid flex-1 content-start gap-4 overflow-y-auto p-4 pb-10">
          {/* The list stays mounted under a chosen version: going back keeps its pages and the focus's place. */}
          <div hidden={chosen !== null}>
            <VersionList locale={locale} path={path} enabled={open} onChoose={setChosen} chosenId={chosen?.id} />
          </div>
          {chosen ? (
            <VersionView
              version={chosen}
              locale={locale}
              path={path}
              baseHash={baseHash}
              dirty={dirty}
              prepare={prepare}
              onBack={() => {
                const id = chosen.id;
                setChosen(null);
                requestAnimationFrame(() =>
                  content.current?.querySelector<HTMLButtonElement>(`[data-version="${id}"]`)?.focus(),
                );
              }}
              onRestored={async (restored) => {
                await onRestored(restored);
                onOpenChange(false);
              }}
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The versions, a page at a time: "Older versions" asks for the next. */
function VersionList({
  locale,
  path,
  enabled,
  onChoose,
  chosenId,
}: {
  locale: Locale;
  path: string;
  enabled: boolean;
  onChoose: (version: PageVersion) => void;
  chosenId: number | undefined;
}) {
  const t = useT();
  const [cursors, setCursors] = useState<number[]>([0]);
  const base = `/api/editor/history?locale=${locale}&path=${encodeURIComponent(path)}`;
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">{t("editor.history.versions")}</h3>
      <ol className="grid gap-2" data-testid="history-versions">
        {cursors.map((cursor, i) => (
          <VersionPage
            key={cursor}
            url={enabled ? (cursor ? `${base}&before=${cursor}` : base) : null}
            first={i === 0}
            last={i === cursors.length - 1}
            onMore={(next) => setCursors((old) => [...old, next])}
            onChoose={onChoose}
            chosenId={chosenId}
          />
        ))}
      </ol>
    </div>
  );
}

function VersionPage({
  url,
  first,
  last,
  onMore,
  onChoose,
  chosenId,
}: {
  url: string | null;
  first: boolean;
  last: boolean;
  onMore: (next: number) => void;
  onChoose: (version: PageVersion) => void;
  chosenId: number | undefined;
}) {
  const t = useT();
  const uiLocale = useLocale();
  const query = useApiQuery<PageHistory>(url);
  if (query.error) {
    return (
      <li role="alert" className="text-sm text-destructive">
        {query.error.message}
      </li>
    );
  }
  if (!query.data) {
    return (
      <li className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
      </li>
    );
  }
  const { versions, next } = query.data;
  return (
    <>
      {first && versions.length === 0 ? (
        <li className="text-sm text-muted-foreground">{t("editor.history.empty")}</li>
      ) : null}
      {versions.map((version) => (
        <li key={version.id}>
          <button
            type="button"
            onClick={() => onChoose(version)}
            aria-current={chosenId === version.id ? "true" : undefined}
            className="grid w-full gap-1 rounded-lg border p-3 text-start text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-version={version.id}
            data-testid="history-version"
          >
            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ActionBadge version={version} />
              <span className="font-medium tabular-nums">
                <Moment iso={version.at} locale={uiLocale} />
              </span>
              {version.by ? <bdi className="text-muted-foreground">{version.by}</bdi> : null}
            </span>
            <span dir="auto" className="line-clamp-2 text-muted-foreground">
              {version.message}
            </span>
          </button>
        </li>
      ))}
      {last && next ? (
        <li>
          <Button variant="outline" size="sm" onClick={() => onMore(next)} data-testid="history-more">
            {t("editor.history.more")}
          </Button>
        </li>
      ) : null}
    </>
  );
}

function ActionBadge({ version }: { version: PageVersion }) {
  const t = useT();
  const pending = version.sequence === null;
  return (
    <span
      className={cn(
        "rounded px-1.5 py-0.5 text-xs font-medium",
        pending
          ? "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          : "bg-muted text-muted-foreground",
      )}
    >
      {pending ? t("editor.history.pending") : t(`editor.history.action.${version.action}`)}
    </span>
  );
}

/** One version: what it changed (or what changed since), and restoring it. */
function VersionView({
  version,
  locale,
  path,
  baseHash,
  dirty,
  prepare,
  onBack,
  onRestored,
}: {
  version: PageVersion;
  locale: Locale;
  path: string;
  baseHash: string | null;
  dirty: boolean;
  prepare: () => Promise<unknown>;
  onBack: () => void;
  onRestored: (restored: RestoredVersion) => Promise<void>;
}) {
  const t = useT();
  const uiLocale = useLocale();
  const api = useApi();
  const [against, setAgainst] = useState<Against>("previous");
  const [confirming, setConfirming] = useState(false);
  const texts = useApiQuery<VersionTexts>(
    `/api/editor/history?locale=${locale}&path=${encodeURIComponent(path)}&version=${version.id}&against=${against}`,
  );
  const restorable = !version.current && version.action !== "deleted" && baseHash !== null;
  const from = version.fromFile ? pageOfFile(version.fromFile) : null;
  const count = (n: number) => formatNumber(n, uiLocale);

  const restore = async () => {
    await prepare();
    const result = await api<RestoredVersion>("/api/editor/history", {
      body: { locale, path, version: version.id, baseHash },
    });
    if (!result.ok) {
      toast({ title: result.message, variant: "error" });
      return false;
    }
    toast({ title: result.data.message ?? t("editor.history.restored"), variant: "success" });
    await onRestored(result.data);
  };

  const data = texts.data;
  const note = !data
    ? null
    : against === "previous" && data.after === null
      ? t("editor.history.gone")
      : data.before === data.after
        ? t("editor.history.same")
        : null;
  return (
    <section className="grid gap-4" aria-labelledby={`version-${version.id}`} data-testid="history-version-view">
      <div>
        <Button variant="ghost" size="sm" onClick={onBack} data-testid="history-back">
          <Icon name="chevron-right" className="ltr:rotate-180" />
          {t("editor.history.back")}
        </Button>
      </div>
      <header className="grid gap-1">
        <h3 id={`version-${version.id}`} className="flex flex-wrap items-center gap-2 font-semibold">
          <ActionBadge version={version} />
          <Moment iso={version.at} locale={uiLocale} />
        </h3>
        <p className="text-sm text-muted-foreground">
          {version.by ? <bdi>{version.by}</bdi> : null}
          {version.by ? " · " : null}
          <span dir="auto">{version.message}</span>
        </p>
        {from ? (
          <p className="text-sm text-muted-foreground">
            {t("editor.history.movedFrom", { path: localizePath(from.path, from.locale) })}
          </p>
        ) : null}
      </header>
      <div
        role="group"
        aria-label={t("editor.history.compare")}
        className="flex flex-wrap gap-1 rounded-md bg-muted p-0.5"
      >
        {(["previous", "current"] as const).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={against === name}
            onClick={() => setAgainst(name)}
            className={cn(
              "h-8 flex-1 rounded px-2.5 text-sm transition-colors",
              against === name
                ? "bg-background font-semibold shadow-sm"
                : "text-muted-foreground hover:text-foreground",
            )}
            data-testid={`history-against-${name}`}
          >
            {t(`editor.history.against.${name}`)}
          </button>
        ))}
      </div>
      {texts.error ? (
        <p role="alert" className="text-sm text-destructive">
          {texts.error.message}
        </p>
      ) : !data ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
        </p>
      ) : (
        <TextDiff
          before={data.before ?? ""}
          after={data.after ?? ""}
          label={t(`editor.history.against.${against}`)}
          note={note}
          testId="history-diff"
          labels={{
            added: t("editor.history.added"),
            removed: t("editor.history.removed"),
            skipped: (n) => t("editor.history.skipped", { count: count(n) }),
            hidden: (n) => t("editor.history.capped", { count: count(n) }),
            whole: t("editor.history.tooLong"),
          }}
        />
      )}
      {restorable ? (
        <div className="grid justify-items-start gap-2">
          <Button
            variant="outline"
            disabled={dirty}
            aria-describedby={dirty ? `restore-note-${version.id}` : undefined}
            onClick={() => setConfirming(true)}
            data-testid="history-restore"
          >
            <Icon name="history" />
            {t("editor.history.restore")}
          </Button>
          {dirty ? (
            <p id={`restore-note-${version.id}`} className="text-sm text-muted-foreground">
              {t("editor.history.saveFirst")}
            </p>
          ) : null}
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t("editor.history.restoreTitle", { time: formatDateTime(version.at, uiLocale) })}
          description={t("editor.history.restoreDescription")}
          confirmLabel={t("editor.history.restoreConfirm")}
          destructive={false}
          onConfirm={restore}
          onClose={() => setConfirming(false)}
          testId="history-restore-dialog"
          confirmTestId="history-restore-confirm"
        />
      ) : null}
    </section>
  );
}
