import { formatNumber } from "~/i18n/format";
import { useLocale, useT } from "~/i18n/use-t";
import { cn } from "~/ui/cn";
import { Spinner } from "~/ui/spinner";
import { useApiQuery } from "~/ui/use-api";
import { diffTexts, foldUnchanged, type DiffLine } from "../diff";

interface Texts {
  path: string;
  fromPath: string | null;
  before: string | null;
  after: string | null;
  /** An image: shown, not compared. */
  binary?: boolean;
}

/**
 * A commit's changes against the published version: lines, and words inside changed lines. Every line takes
 * its own direction (a Persian line reads right to left, front matter and code left to right), and the change
 * marks sit at each line's start.
 */
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
  const rows = foldUnchanged(diffTexts(before, after));
  return (
    <div
      className="overflow-hidden rounded-md border"
      data-testid="commit-diff"
      aria-label={t("builds.diff.label", { path: texts.path })}
      role="region"
    >
      {note ? <p className="border-b bg-muted/40 px-3 py-1.5 text-xs text-muted-foreground">{note}</p> : null}
      <div className="max-h-[32rem] overflow-auto text-sm leading-7">
        {rows.map((row, i) =>
          row.kind === "skip" ? (
            <p key={i} className="bg-muted/40 px-3 py-0.5 text-xs text-muted-foreground">
              {t("builds.diff.sameCount", { count: formatNumber(row.count, locale) })}
            </p>
          ) : (
            <Line key={i} line={row.line} />
          ),
        )}
      </div>
    </div>
  );
}

function Line({ line }: { line: DiffLine }) {
  const t = useT();
  const mark = line.change === "add" ? "+" : line.change === "remove" ? "−" : " ";
  return (
    <div
      className={cn(
        "flex gap-2 px-3",
        line.change === "add" && "bg-emerald-50 dark:bg-emerald-950/40",
        line.change === "remove" && "bg-rose-50 dark:bg-rose-950/40",
      )}
      data-change={line.change}
    >
      <span aria-hidden className="w-3 shrink-0 select-none text-center font-mono text-muted-foreground">
        {mark}
      </span>
      {line.change !== "same" ? (
        <span className="sr-only">{line.change === "add" ? t("builds.diff.added") : t("builds.diff.removed")}</span>
      ) : null}
      <p dir="auto" className="min-w-0 flex-1 break-words whitespace-pre-wrap [unicode-bidi:plaintext]">
        {line.pieces.map((piece, j) =>
          piece.change === "add" && line.pieces.length > 1 ? (
            <ins key={j} className="rounded-sm bg-emerald-200 no-underline dark:bg-emerald-800/70">
              {piece.text}
            </ins>
          ) : piece.change === "remove" && line.pieces.length > 1 ? (
            <del key={j} className="rounded-sm bg-rose-200 dark:bg-rose-800/70">
              {piece.text}
            </del>
          ) : (
            <span key={j}>{piece.text || "\u00A0"}</span>
          ),
        )}
      </p>
    </div>
  );
}
