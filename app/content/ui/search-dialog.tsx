import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import { formatNumber } from "~/i18n/format";
import { dirOf, type Locale } from "~/i18n/locales";
import { useLocale, useT } from "~/i18n/use-t";
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from "~/ui/dialog";
import { Icon } from "~/ui/icon";
import { useApiQuery } from "~/ui/use-api";
import type { SearchHit, SearchResponse } from "../view-types";

const none: SearchHit[] = [];

/** Text of either direction inside a sentence, kept in its own direction (first strong isolate … pop). */
const isolate = (text: string): string => `\u2068${text}\u2069`;

/** Wait this long after the last keystroke before asking the server. */
const DEBOUNCE_MS = 120;

type State =
  | { status: "idle"; results: SearchHit[] }
  | { status: "loading"; results: SearchHit[] }
  | { status: "done"; query: string; results: SearchHit[]; showing: string | null }
  | { status: "error"; results: SearchHit[] };

/**
 * Results for the query as it is typed; while a newer answer is on its way the last results stay. `exactly`
 * searches what was typed even when it looks typed in the other keyboard layout.
 */
function useSearch(query: string, locale: Locale, exactly: boolean): State {
  const q = query.trim();
  const params = new URLSearchParams({ q, locale });
  if (exactly) params.set("exact", "1");
  const search = useApiQuery<SearchResponse>(q ? `/api/search?${params}` : null, { delayMs: DEBOUNCE_MS });
  // The last results found stay while the next answer is on its way.
  const [last, setLast] = useState(none);
  if (search.data && search.data.results !== last) setLast(search.data.results);
  if (!q) return { status: "idle", results: none };
  if (search.error) return { status: "error", results: none };
  if (!search.data) return { status: "loading", results: last };
  return { status: "done", query: q, results: search.data.results, showing: search.data.showing };
}

function Excerpt({ parts }: { parts: SearchHit["excerpt"] }) {
  return (
    <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-mark px-0.5 text-foreground">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/** The search dialog: results as you type, arrow keys to move, Enter to open, Escape to close. */
export default function SearchDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const id = useId();
  const [query, setQuery] = useState("");
  // The query the reader asked to search exactly as typed ("Search for … instead"); typing anything else ends it.
  const [exactQuery, setExactQuery] = useState<string | null>(null);
  const state = useSearch(query, locale, exactQuery === query);
  const results = state.results;
  // The highlighted result; a new list of results starts again at the first.
  const [selection, setSelection] = useState({ results, index: 0 });
  const active = selection.results === results ? selection.index : 0;
  const setActive = (index: number) => setSelection({ results, index });

  const go = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onOpenChange(false);
    void navigate(hit.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === "ArrowDown" && count) setActive((active + 1) % count);
    else if (event.key === "ArrowUp" && count) setActive((active - 1 + count) % count);
    else if (event.key === "Enter") go(results[active]);
    else return;
    event.preventDefault();
  };

  useEffect(() => {
    document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, id]);

  const status =
    state.status === "idle"
      ? t("common.search.hint")
      : state.status === "error"
        ? t("common.search.error")
        : state.status === "loading" && !results.length
          ? t("common.search.loading")
          : state.status === "done" && !results.length
            ? t("common.search.noResults", { query: state.query })
            : t("common.search.resultCount", { count: formatNumber(results.length, locale) });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="top" size="lg" data-testid="search-dialog" aria-describedby={`${id}-status`}>
        <DialogTitle className="sr-only">{t("common.search.dialog")}</DialogTitle>
        <div className="flex items-center gap-2 border-b px-4">
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t("common.search.placeholder")}
            aria-label={t("common.search.dialog")}
            role="combobox"
            aria-expanded={results.length > 0}
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={results.length ? `${id}-${active}` : undefined}
            autoComplete="off"
            enterKeyHint="go"
            dir="auto"
            data-testid="search-input"
            className="h-14 min-w-0 flex-1 appearance-none bg-transparent text-base outline-none placeholder:text-muted-foreground [&::-webkit-search-cancel-button]:hidden"
          />
          <DialogCloseButton label={t("common.search.closeDialog")} />
        </div>
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={t("common.search.dialog")}
          className="overflow-y-auto p-2"
          data-testid="search-results"
        >
          {results.map((hit, i) => (
            // The link is the option itself (a link inside an option would nest interactive elements); focus
            // stays in the input, which points at the active option.
            <li key={hit.url} role="none">
              <Link
                to={hit.url}
                id={`${id}-${i}`}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                onPointerMove={() => setActive(i)}
                onClick={() => onOpenChange(false)}
                className="block rounded-lg px-3 py-2.5 aria-selected:bg-accent"
              >
                <span className="font-semibold">{hit.title}</span>
                {hit.section ? (
                  <span className="text-sm text-muted-foreground">
                    {/* Points on to the section, in the reading direction (a mirroring transform is not drawn
                        on this inline icon). */}
                    <Icon
                      name={dirOf(locale) === "rtl" ? "chevron-left" : "chevron-right"}
                      className="mx-1 inline size-3.5"
                      data-testid="section-chevron"
                    />
                    {hit.section}
                  </span>
                ) : null}
                <Excerpt parts={hit.excerpt} />
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t px-4 py-2 text-xs text-muted-foreground">
          <p id={`${id}-status`} role="status" className="me-auto" data-testid="search-status">
            {state.status === "done" && state.showing ? (
              <>
                <span data-testid="search-showing">{t("common.search.showingFor", { query: isolate(state.showing) })}</span>{" "}
                <button
                  type="button"
                  onClick={() => setExactQuery(query)}
                  className="text-primary underline underline-offset-2"
                  data-testid="search-exactly"
                >
                  {t("common.search.searchExactly", { typed: isolate(state.query) })}
                </button>{" "}
                <span className="sr-only">{status}</span>
              </>
            ) : (
              status
            )}
          </p>
          <span className="hidden sm:inline">
            <kbd className="rounded border px-1">↑</kbd> <kbd className="rounded border px-1">↓</kbd>{" "}
            {t("common.search.keysMove")}
          </span>
          <span className="hidden sm:inline">
            <kbd className="rounded border px-1">↵</kbd> {t("common.search.keysOpen")}
          </span>
          <span className="hidden sm:inline">
            <kbd className="rounded border px-1">Esc</kbd> {t("common.search.keysClose")}
          </span>
        </div>
      </DialogContent>
    </Dialog>
  );
}
