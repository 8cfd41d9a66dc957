import { useEffect, useState } from "react";
import { useT } from "~/i18n/use-t";
import { onSearchRequest } from "~/shell/search-request";
import { Icon } from "~/ui/icon";
import { lazyDialog } from "~/ui/lazy-dialog";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";

// The dialog (Radix Dialog, the results list) is downloaded on first use, or as soon as the visitor heads for it.
const searchDialog = lazyDialog(() => import("./search-dialog"));

/**
 * The header's search box: opens the search dialog on click and on Ctrl+K or ⌘K (any keyboard layout; Ctrl+K
 * also works on a Mac, so the hint shows it everywhere).
 */
export function SearchBox() {
  const t = useT();
  const [open, setOpen] = useState<boolean>();
  const intent = useLoadOnIntent(searchDialog.load);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // `code` is the key's place, so Ctrl+K works with a Persian layout too (where that key types «ن»).
      // A key that what has the focus used (Ctrl+K in the editor adds a link) is not the search's.
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.code === "KeyK") {
        event.preventDefault();
        setOpen((was) => !was);
      }
    };
    addEventListener("keydown", onKey);
    const stopListening = onSearchRequest(() => setOpen(true));
    return () => {
      removeEventListener("keydown", onKey);
      stopListening();
    };
  }, []);

  return (
    <>
      <button
        type="button"
        data-testid="search-button"
        aria-label={t("common.search.label")}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        {...intent}
        onClick={() => setOpen(true)}
        className="inline-flex h-11 items-center gap-2 rounded-md text-sm text-muted-foreground hover:bg-accent hover:text-foreground max-sm:w-11 max-sm:justify-center sm:w-44 sm:border sm:bg-muted/40 sm:px-3 md:h-9 lg:w-56"
      >
        <Icon name="search" className="size-4 shrink-0" />
        <span className="hidden sm:inline">{t("common.search.placeholder")}</span>
        <kbd className="ms-auto hidden rounded border bg-background px-1.5 font-sans text-xs md:inline" dir="ltr">
          Ctrl K
        </kbd>
      </button>
      <searchDialog.Mount open={open} onOpenChange={setOpen} />
    </>
  );
}
