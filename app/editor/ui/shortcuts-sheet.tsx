import { useLocale, useT } from "~/i18n/use-t";
import { formatNumber } from "~/i18n/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import { shortcutGroups, shortcuts } from "./shortcuts";
import { keysLabel } from "./toolbar";

/** The editor's keyboard shortcuts, grouped, in the interface's language. Loaded on use (Ctrl+/ or the toolbar). */
export default function ShortcutsSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        data-testid="shortcuts-sheet"
        closeLabel={t("editor.cancel")}
        size="lg"
        // The closer puts the focus back in the text, where the writer was.
        onCloseAutoFocus={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t("editor.shortcuts.title")}</DialogTitle>
          <DialogDescription>{t("editor.shortcuts.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-6 sm:grid-cols-2">
          {shortcutGroups.map((group) => (
            <section key={group.title} className="grid content-start gap-2">
              <h3 className="text-sm font-semibold">{t(group.title)}</h3>
              <dl className="grid gap-1.5 text-sm">
                {group.items.map((item) => (
                  <div key={item.name} className="flex items-center justify-between gap-4">
                    <dt>{item.level ? t(item.label, { level: formatNumber(item.level, locale) }) : t(item.label)}</dt>
                    <dd>
                      <kbd dir="ltr" className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                        {keysLabel(shortcuts[item.name])}
                      </kbd>
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
