import { useT } from "~/i18n/use-t";
import { useRootData } from "~/shell/root-data";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { MainNav } from "./main-nav";

/** The main menu in a side sheet for narrow screens; it slides in from the reading start side. */
export default function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const site = useRootData()?.site;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent side="start" closeLabel={t("common.nav.closeMenu")} data-testid="mobile-drawer">
        <DialogHeader>
          <DialogTitle>{site?.name}</DialogTitle>
          <DialogDescription className="sr-only">{t("common.nav.main")}</DialogDescription>
        </DialogHeader>
        <nav aria-label={t("common.nav.main")}>
          <MainNav vertical onNavigate={() => onOpenChange(false)} />
        </nav>
      </DialogContent>
    </Dialog>
  );
}
