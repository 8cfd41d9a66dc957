import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { Spinner } from "~/ui/spinner";
import { useApiQuery } from "~/ui/use-api";
import { TextDiff } from "./text-diff";

interface Texts {
  path: string;
  fromPath: string | null;
  before: string | null;
  after: string | null;
  /** An image: shown, not compared. */
  binary?: boolean;
}

/** A commit's changes against the published version (an image is shown instead). */
export function CommitDiff({ commitId }: { commitId: number }) {
  const t = useT();
  const locale = useLocale();
  const diff = useApiQuery<Texts>(`/api/builds/diff?commitId=${commitId}`);
  const texts = diff.data;
  if (diff.error) return <p className="px-3 py-2 text-sm text-destructive">{diff.error.message}</p>;
  if (!texts) {
    return (
      <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground">
        <Spinner />
        {t("builds.diff.loading")}
      </p>
    );
  }
  if (texts.binary) {
    return (
      <figure className="grid justify-items-start gap-2 rounded-md border p-3" data-testid="commit-diff">
        <img src={`/${texts.path}`} alt="" className="max-h-64 w-auto rounded border" />
        <figcaption className="text-xs text-muted-foreground">{t("builds.diff.image")}</figcaption>
      </figure>
    );
  }
  const before = texts.before ?? "";
  const after = texts.after ?? "";
  const note =
    texts.before === null
      ? t("builds.diff.newFile")
      : texts.after === null
        ? t("builds.diff.deletedFile")
        : before === after
          ? t("builds.diff.noChange")
          : null;
  return (
    <TextDiff
      before={before}
      after={after}
      label={t("builds.diff.label", { path: texts.path })}
      note={note}
      testId="commit-diff"
      labels={{
        added: t("builds.diff.added"),
        removed: t("builds.diff.removed"),
        skipped: (count) => t("builds.diff.sameCount", { count: formatNumber(count, locale) }),
        hidden: (count) => t("builds.diff.hidden", { count: formatNumber(count, locale) }),
        whole: t("builds.diff.whole"),
      }}
    />
  );
}
