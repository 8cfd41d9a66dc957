import { useEffect, useState, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import type { TocEntry } from "../view-types";

/** The heading nearest above the reading line, as the reader scrolls. */
function useActiveHeading(ids: string[]): string | undefined {
  const [active, setActive] = useState<string>();
  const key = ids.join(" ");
  useEffect(() => {
    const headings = key
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((el): el is HTMLElement => el !== null);
    if (!headings.length) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      let current: string | undefined;
      for (const heading of headings) if (heading.getBoundingClientRect().top < 120) current = heading.id;
      setActive(current);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    addEventListener("scroll", onScroll, { passive: true });
    return () => {
      removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [key]);
  return active;
}

function flatten(entries: TocEntry[]): string[] {
  return entries.flatMap((entry) => [entry.id, ...flatten(entry.children)]);
}

function Entries({ entries, active, nested = false }: { entries: TocEntry[]; active?: string; nested?: boolean }) {
  return (
    <ol className={nested ? "ms-3 mt-1 grid gap-1 border-s ps-3" : "grid gap-1.5"}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <a
            href={`#${entry.id}`}
            aria-current={entry.id === active ? "location" : undefined}
            className="block text-muted-foreground transition-colors hover:text-foreground aria-[current]:font-semibold aria-[current]:text-foreground"
          >
            {entry.text}
          </a>
          {entry.children.length ? <Entries entries={entry.children} active={active} nested /> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The table of contents: h2 entries with their h3 entries, links that jump to the headings, the current
 * section marked while reading. On narrow screens it folds behind a button. `extra` adds entries after the
 * headings (the comments link and its count).
 */
export function TableOfContents({ entries, extra }: { entries: TocEntry[]; extra?: ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const active = useActiveHeading(flatten(entries));
  return (
    <nav aria-labelledby="toc-title" className="rounded-lg border p-4 text-sm lg:border-0 lg:p-0" data-testid="toc">
      <h2 id="toc-title" className="font-bold">
        <span className="hidden lg:inline">{t("common.toc.title")}</span>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="toc-list"
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between lg:hidden"
        >
          {t("common.toc.title")}
          <span aria-hidden className={`text-muted-foreground transition-transform ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
      </h2>
      <div id="toc-list" className={`mt-3 lg:block ${open ? "" : "hidden"}`}>
        <Entries entries={entries} active={active} />
        {extra}
      </div>
    </nav>
  );
}
