import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useT } from "~/i18n/use-t";
import { useRootData } from "~/shell/root-data";
import { MainNav } from "./main-nav";

/** The main menu in a side sheet for narrow screens; it slides in from the reading start side. */
export default function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const site = useRootData()?.site;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="mobile-drawer"
          className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 border-e bg-background p-4 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{site?.name}</Dialog.Title>
            <Dialog.Close
              aria-label={t("common.nav.closeMenu")}
              className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("common.nav.main")}</Dialog.Description>
          <nav aria-label={t("common.nav.main")}>
            <MainNav vertical onNavigate={() => onOpenChange(false)} />
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
