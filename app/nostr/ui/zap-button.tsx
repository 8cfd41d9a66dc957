import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { Icon } from "~/ui/icon";
import { lazyPart } from "~/ui/lazy-part";
import { useLoadOnIntent } from "~/ui/use-load-on-intent";
import type { ZapTarget } from "./zap-dialog";

// The dialog (signing, the QR code) loads when a reader means to zap.
const dialog = lazyPart(() => import("./zap-dialog"));

/** A zap button for a member's comment or the site owner's post; opens the zap dialog. */
export function ZapButton({ target, label, className }: { target: ZapTarget; label?: string; className?: string }) {
  const t = useT();
  const intent = useLoadOnIntent(dialog.load);
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  return (
    <>
      <button
        type="button"
        {...intent}
        onClick={() => setOpen(true)}
        aria-label={label ? undefined : t("comments.zap.buttonLabel", { name: target.name })}
        className={
          className ??
          "inline-flex min-h-6 items-center gap-1 justify-self-start text-xs text-muted-foreground hover:text-foreground"
        }
        data-testid="zap-button"
      >
        <Icon name="zap" className="size-3.5" />
        {label ?? t("comments.zap.button")}
      </button>
      {open !== undefined ? (
        <dialog.Part
          open={open}
          onOpenChange={setOpen}
          target={target}
          retryKey={open}
          onFailed={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
