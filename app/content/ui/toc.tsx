import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { TocEntry } from "../markdown/rendered-markdown";

function Entries({ entries, nested = false }: { entries: TocEntry[]; nested?: boolean }) {
  return (
    <ol className={nested ? "ms-3 mt-0.5 grid gap-0.5 border-s ps-3" : "grid gap-1"}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={`#${entry.id}`} className="block py-0.5 text-muted-foreground hover:text-foreground">
            {entry.text}
          </a>
          {entry.children.length ? <Entries entries={entry.children} nested /> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The table of contents: h2 entries with their h3 entries, plain links that jump to the headings (no script
 * needed). Wide screens show it beside the text; narrow ones fold it into a disclosure above the text. `extra`
 * adds entries after the headings (the comments link and its count).
 */
export function TableOfContents({ entries, extra }: { entries: TocEntry[]; extra?: ReactNode }) {
  const t = useT();
  const title = t("common.toc.title");
  return (
    <nav aria-label={title} className="text-sm" data-testid="toc">
      <details className="group rounded-lg border px-4 lg:hidden">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between font-bold [&::-webkit-details-marker]:hidden">
          {title}
          <span aria-hidden className="text-muted-foreground transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="pb-3">
          <Entries entries={entries} />
          {extra}
        </div>
      </details>
      <div className="hidden lg:block">
        <h2 className="mb-3 font-bold">{title}</h2>
        <Entries entries={entries} />
        {extra}
      </div>
    </nav>
  );
}
