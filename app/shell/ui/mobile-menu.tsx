import { Menu } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useT } from "~/i18n/use-t";

// The drawer (Radix Dialog) is downloaded on first use; pointing at the button starts the download early.
const loadDrawer = () => import("./mobile-drawer");
const MobileDrawer = lazy(loadDrawer);

export function MobileMenu() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        data-testid="menu-button"
        aria-label={t("common.nav.openMenu")}
        aria-expanded={open}
        onPointerEnter={() => void loadDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground md:hidden"
      >
        <Menu aria-hidden className="size-5" />
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
