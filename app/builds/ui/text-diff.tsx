import { useMemo } from "react";
import { cn } from "~/ui/cn";
import { boundedDiff, type DiffLine } from "../diff";

export interface DiffLabels {
  /** For screen readers, before a line added or removed (the sign beside it is hidden from them). */
  added: string;
  removed: string;
  /** "{count} unchanged lines", for a folded run. */
  skipped: (count: number) => string;
  /** Rows left out past the cap. */
  hidden: (count: number) => string;
  /** Said when the texts were too long to compare line by line. */
  whole: string;
}

/**
 * The changes from one text to another: lines, and words inside changed lines, at a bounded cost (`boundedDiff`).
 * Every line takes its own direction (a Persian line reads right to left, front matter and code left to right);
 * a change is marked by a sign at the line's start and by `ins`/`del`, not by its colour alone.
 */
export function TextDiff({
  before,
  after,
  label,
  note,
  labels,
  testId = "text-diff",
}: {
  before: string;
  after: string;
  label: string;
  note?: string | null;
  labels: DiffLabels;
  testId?: string;
}) {
  const diff = useMemo(() => boundedDiff(before, after), [before, after]);
  return (
    <div className="overflow-hidden rounded-md border" data-testid={testId} aria-label={label} role="region">
      {note ? <p className="border-b bg-muted/40 px-3 py-1.5 text-xs text-muted-foreground">{note}</p> : null}
      {diff.whole ? (
        <p className="border-b bg-muted/40 px-3 py-1.5 text-xs text-muted-foreground">{labels.whole}</p>
      ) : null}
      <div className="max-h-[32rem] overflow-auto text-sm leading-7">
        {diff.rows.map((row, i) =>
          row.kind === "skip" ? (
            <p key={i} className="bg-muted/40 px-3 py-0.5 text-xs text-muted-foreground">
              {labels.skipped(row.count)}
            </p>
          ) : (
            <Line key={i} line={row.line} labels={labels} />
          ),
        )}
        {diff.hidden ? (
          <p className="bg-muted/40 px-3 py-0.5 text-xs text-muted-foreground">{labels.hidden(diff.hidden)}</p>
        ) : null}
      </div>
    </div>
  );
}

function Line({ line, labels }: { line: DiffLine; labels: DiffLabels }) {
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
        <span className="sr-only">{line.change === "add" ? labels.added : labels.removed}</span>
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
