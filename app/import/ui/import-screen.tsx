import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ImportProgress, ImportReport } from "~/import/apply.server";
import type { ImportPreview, PlannedItem } from "~/import/plan.server";
import { formatNumber } from "~/i18n/format";
import { localizePath, type Locale } from "~/i18n/locales";
import type { MessageKey } from "~/i18n/translate";
import { useLocale, useT } from "~/i18n/use-t";
import { Address } from "~/ui/address";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { cn } from "~/ui/cn";
import { Field } from "~/ui/field";
import { inputClass } from "~/ui/input";
import { toast } from "~/ui/toast/store";
import { useApiAction, useApiQuery } from "~/ui/use-api";

/** Step by step: the export sent, its preview (each item's language changeable), the import, its report. */
export function ImportScreen() {
  const t = useT();
  const locale = useLocale();
  const action = useApiAction();
  const [kind, setKind] = useState<"wordpress" | "ghost">("wordpress");
  const [file, setFile] = useState<File | null>(null);
  const [uploadId, setUploadId] = useState<number | null>(null);
  const [first, setFirst] = useState<ImportPreview | null>(null);
  const [locales, setLocales] = useState<Record<string, Locale>>({});
  const [done, setDone] = useState<{ report: ImportReport } | null>(null);
  const [importing, setImporting] = useState(false);
  const [zip, setZip] = useState<File | null>(null);
  const [mediaFiles, setMediaFiles] = useState<number | null>(null);
  const [sendingZip, setSendingZip] = useState(false);

  // The preview again whenever a language changes (the addresses depend on it).
  const changed = Object.keys(locales).length > 0;
  const again = useApiQuery<{ preview: ImportPreview }>(uploadId !== null && changed ? "/api/import/preview" : null, {
    body: { uploadId, locales },
  });
  const preview = changed ? (again.data?.preview ?? null) : first;

  const send = () =>
    file &&
    action.run<{ uploadId: number; preview: ImportPreview }>(
      (api) =>
        api(`/api/import/upload?kind=${kind}&name=${encodeURIComponent(file.name.slice(0, 200))}`, {
          method: "POST",
          body: file,
        }),
      {
        revalidate: false,
        success: false,
        onSuccess: (data) => {
          setUploadId(data.uploadId);
          setFirst(data.preview);
          setLocales({});
          setDone(null);
          setMediaFiles(null);
        },
      },
    );

  const sendZip = async () => {
    if (!zip || uploadId === null) return;
    setSendingZip(true);
    try {
      await action.run<{ files: number }>(
        (api) => api(`/api/import/media?uploadId=${uploadId}`, { method: "POST", body: zip }),
        { revalidate: false, success: false, onSuccess: (data) => setMediaFiles(data.files) },
      );
    } finally {
      setSendingZip(false);
    }
  };

  // A large import goes on after its call answers (202): it is followed here to its report or its failure.
  const [following, setFollowing] = useState<number | null>(null);
  const start = async () => {
    setImporting(true);
    let goesOn = false;
    try {
      await action.run<{ report?: ImportReport; runId?: number }>("/api/import/run", {
        body: { uploadId, locales },
        revalidate: false,
        success: false,
        onSuccess: (data) => {
          if (data.report) {
            setDone({ report: data.report });
            setUploadId(null);
          } else if (data.runId) {
            goesOn = true;
            setFollowing(data.runId);
          }
        },
      });
    } finally {
      if (!goesOn) setImporting(false);
    }
  };
  const ended = (progress: ImportProgress) => {
    setFollowing(null);
    setImporting(false);
    if (progress.report) {
      setDone({ report: progress.report });
      setUploadId(null);
    } else if (progress.error) {
      const key = progress.error.key.startsWith("import.") ? progress.error.key : "import.error.importFailed";
      toast({ title: t(key as MessageKey, progress.error.vars), variant: "error" });
    }
  };

  if (done) return <ImportDone {...done} />;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card title={t("import.upload.title")} description={t("import.upload.description")} testId="import-upload">
        <form
          className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Field label={t("import.upload.kind")}>
            <select
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value === "ghost" ? "ghost" : "wordpress")}
              className={cn(inputClass, "h-10")}
              data-testid="import-kind"
            >
              <option value="wordpress">{t("import.upload.wordpress")}</option>
              <option value="ghost">{t("import.upload.ghost")}</option>
            </select>
          </Field>
          <Field label={t("import.upload.file")} hint={t("import.upload.hint")}>
            <input
              type="file"
              accept={kind === "ghost" ? ".json,application/json" : ".xml,text/xml,application/xml"}
              onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
              className={cn(inputClass, "h-auto py-2")}
              data-testid="import-file"
            />
          </Field>
          <Button
            type="submit"
            disabled={!file}
            loading={action.pending && !importing && !sendingZip}
            data-testid="import-send"
          >
            {t("import.upload.submit")}
          </Button>
        </form>
      </Card>
      {preview && uploadId !== null ? (
        <Card title={t("import.media.title")} testId="import-media">
          <form
            className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              void sendZip();
            }}
          >
            <Field label={t("import.media.file")} hint={t("import.media.hint")}>
              <input
                type="file"
                accept=".zip,application/zip"
                onChange={(event) => {
                  setZip(event.currentTarget.files?.[0] ?? null);
                  setMediaFiles(null);
                }}
                className={cn(inputClass, "h-auto py-2")}
                data-testid="import-media-file"
              />
            </Field>
            <Button
              type="submit"
              variant="outline"
              disabled={!zip || importing}
              loading={sendingZip}
              data-testid="import-media-send"
            >
              {t("import.media.submit")}
            </Button>
          </form>
          {mediaFiles !== null ? (
            <p role="status" className="text-sm" data-testid="import-media-kept">
              {t("import.media.kept", { files: formatNumber(mediaFiles, locale) })}
            </p>
          ) : null}
        </Card>
      ) : null}
      {preview && uploadId !== null ? (
        <PreviewCard
          preview={preview}
          locales={locales}
          onLocale={(key, value) => setLocales((now) => ({ ...now, [key]: value }))}
          onImport={() => void start()}
          importing={importing}
          locale={locale}
        />
      ) : again.loading ? (
        <p className="text-sm text-muted-foreground">{t("import.preview.loading")}</p>
      ) : null}
      {importing ? <ProgressLine following={following} onEnd={ended} /> : null}
    </div>
  );
}

function PreviewCard({
  preview,
  locales,
  onLocale,
  onImport,
  importing,
  locale,
}: {
  preview: ImportPreview;
  locales: Record<string, Locale>;
  onLocale: (key: string, value: Locale) => void;
  onImport: () => void;
  importing: boolean;
  locale: Locale;
}) {
  const t = useT();
  const { counts } = preview;
  const n = (value: number) => formatNumber(value, locale);
  const blocked = preview.items.some((item) =>
    item.problems.some((p) => p.message === "import.plan.unwritable" || p.message === "import.plan.tooComplex"),
  );
  const message = (p: PlannedItem["problems"][number]) =>
    p.message.startsWith("import.") ? t(p.message as MessageKey, p.values) : p.message;
  return (
    <Card
      title={t("import.preview.title", { title: preview.title })}
      description={t("import.preview.counts", {
        items: n(counts.items),
        posts: n(counts.posts),
        pages: n(counts.pages),
        drafts: n(counts.drafts),
        images: n(counts.images),
      })}
      testId="import-preview"
      actions={
        <Button onClick={onImport} loading={importing} disabled={blocked} data-testid="import-run">
          {t("import.preview.import")}
        </Button>
      }
    >
      <p className="text-sm">
        {t("import.preview.comments", {
          approved: n(counts.comments.approved),
          pending: n(counts.comments.pending),
          spam: n(counts.comments.spam),
          trash: n(counts.comments.trash),
        })}
      </p>
      {counts.existing ? (
        <p className="text-sm">{t("import.preview.existing", { count: n(counts.existing) })}</p>
      ) : null}
      {preview.categories.length ? (
        <p className="text-sm">
          {t("import.preview.categories")}{" "}
          {preview.categories.map((c, i) => (
            <span key={c.slug}>
              {i > 0 ? "، " : ""}
              <bdi>{c.name[locale]}</bdi> (
              {t(c.state === "new" ? "import.preview.categoryNew" : "import.preview.categorySite")})
            </span>
          ))}
        </p>
      ) : null}
      {preview.problems.length ? (
        <ul className="grid gap-1 text-sm text-destructive">
          {preview.problems.map((p, i) => (
            <li key={i}>{message(p)}</li>
          ))}
        </ul>
      ) : null}
      <ul className="grid gap-3 md:gap-0" data-testid="import-items">
        <li className="hidden gap-3 border-b pb-2 text-xs font-semibold text-muted-foreground md:grid md:grid-cols-[minmax(0,2fr)_7rem_minmax(0,2fr)_minmax(0,1fr)_6rem]">
          <span>{t("import.column.title")}</span>
          <span>{t("import.column.language")}</span>
          <span>{t("import.column.address")}</span>
          <span>{t("import.column.category")}</span>
          <span>{t("import.column.state")}</span>
        </li>
        {preview.items.map((item) => (
          <li
            key={item.key}
            className="grid gap-2 rounded-lg border p-3 text-sm md:grid-cols-[minmax(0,2fr)_7rem_minmax(0,2fr)_minmax(0,1fr)_6rem] md:items-center md:rounded-none md:border-0 md:border-b md:px-0"
            data-testid="import-item"
          >
            <div className="grid gap-1">
              <span dir="auto" className="font-medium">
                {item.title}
              </span>
              {item.problems.map((p, i) => (
                <span key={i} className="text-xs text-muted-foreground">
                  {message(p)}
                </span>
              ))}
            </div>
            <label className="flex items-center gap-2 md:block">
              <span className="text-xs text-muted-foreground md:sr-only">{t("import.column.language")}</span>
              <select
                value={locales[item.key] ?? item.locale}
                disabled={item.exists}
                onChange={(event) => onLocale(item.key, event.currentTarget.value === "en" ? "en" : "fa")}
                className={cn(inputClass, "h-10")}
                data-testid="import-item-locale"
              >
                <option value="fa">{t("import.language.fa")}</option>
                <option value="en">{t("import.language.en")}</option>
              </select>
            </label>
            <span className="flex items-baseline gap-2 md:block">
              <span className="text-xs text-muted-foreground md:sr-only">{t("import.column.address")}</span>
              <Address className="break-all" data-testid="import-item-address">
                {item.routePath}
              </Address>
            </span>
            <span className="flex items-baseline gap-2 md:block">
              <span className="text-xs text-muted-foreground md:sr-only">{t("import.column.category")}</span>
              {item.category ? <Address>{item.category}</Address> : "—"}
            </span>
            <span className="flex items-baseline gap-2 md:block">
              <span className="text-xs text-muted-foreground md:sr-only">{t("import.column.state")}</span>
              {t(
                item.exists
                  ? "import.state.exists"
                  : item.state === "draft"
                    ? "import.state.draft"
                    : "import.state.published",
              )}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The import's progress as any instance records it, asked every second while the import runs; the run
 * `following` (one that goes on after its call answered) is reported to `onEnd` when it is done or failed.
 */
function ProgressLine({ following, onEnd }: { following: number | null; onEnd: (progress: ImportProgress) => void }) {
  const t = useT();
  const locale = useLocale();
  const query = useApiQuery<{ progress: ImportProgress | null }>("/api/import/progress");
  const { refetch } = query;
  useEffect(() => {
    const timer = setInterval(refetch, 1000);
    return () => clearInterval(timer);
  }, [refetch]);
  const progress = query.data?.progress;
  useEffect(() => {
    if (progress && following !== null && progress.runId === following && progress.state !== "running") {
      onEnd(progress);
    }
  }, [progress, following, onEnd]);
  if (!progress || progress.state !== "running") return null;
  return (
    <p role="status" className="text-sm" data-testid="import-progress">
      {progress.phase === "reading"
        ? t("import.progress.reading")
        : t(progress.phase === "images" ? "import.progress.images" : "import.progress.writing", {
            done: formatNumber(progress.done, locale),
            total: formatNumber(progress.total, locale),
          })}
    </p>
  );
}

function ImportDone({ report }: { report: ImportReport }) {
  const t = useT();
  const locale = useLocale();
  const n = (value: number) => formatNumber(value, locale);
  return (
    <Card
      title={t("import.report.title")}
      description={t("import.apply.done", {
        pages: n(report.pages),
        comments: n(report.comments),
        images: n(report.images),
      })}
      testId="import-report"
      actions={
        report.buildId !== null ? (
          <Link
            to={localizePath("/manage/builds", locale)}
            className="text-sm font-semibold underline"
            data-testid="import-build"
          >
            {t("import.report.build")}
          </Link>
        ) : null
      }
    >
      <p className="text-sm">
        {t("import.report.more", { drafts: n(report.drafts), categories: n(report.categories) })}
      </p>
      {report.imageFailures.length ? (
        <div className="grid gap-1 text-sm">
          <h3 className="font-semibold">{t("import.report.imageFailures")}</h3>
          <ul className="grid gap-1">
            {report.imageFailures.map((f) => (
              <li key={f.address}>
                <span dir="ltr" className="break-all font-mono text-xs">
                  {f.address}
                </span>{" "}
                — {t(`import.image.${f.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="text-sm">{t("import.report.redirects", { count: n(report.redirects) })}</p>
      {report.redirectsRefused.length ? (
        <div className="grid gap-1 text-sm" data-testid="import-redirects-refused">
          <h3 className="font-semibold">{t("import.report.redirectsRefused")}</h3>
          <ul className="grid gap-1">
            {report.redirectsRefused.map((r) => (
              <li key={r.from}>
                <bdi dir="ltr" className="break-all font-mono text-xs">
                  {r.from}
                </bdi>{" "}
                — {t(`import.redirect.${r.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
