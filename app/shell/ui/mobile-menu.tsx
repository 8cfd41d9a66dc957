import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { lazyDialog } from "~/ui/lazy-dialog";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";

// The drawer (Radix Dialog) is downloaded on first use, or as soon as the visitor heads for the button.
const drawer = lazyDialog(() => import("./mobile-drawer"));

/** The menu button of narrow screens; it opens the main menu in a drawer. */
export function MobileMenu() {
  const t = useT();
  const intent = useLoadOnIntent(drawer.load);
  const [open, setOpen] = useState<boolean>();
  return (
    <>
      <button
        type="button"
        data-testid="menu-button"
        aria-label={t("common.nav.openMenu")}
        aria-expanded={open ?? false}
        {...intent}
        onClick={() => setOpen(true)}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground md:size-9 xl:hidden"
      >
        <Icon name="menu" className="size-5" />
      </button>
      <drawer.Mount open={open} onOpenChange={setOpen} />
    </>
  );
}
