import { useState, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "./button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./dialog";

/**
 * Asks before a change (disabling an account, publishing a build, leaving unsaved work): what will happen,
 * Cancel, and the change's button. `onConfirm` makes the change, and may be async: the button shows it pending
 * and the dialog cannot be dismissed meanwhile. The dialog closes when it is done; it stays open when
 * `onConfirm` answers `false` (the failure was shown, as `useApiAction().run` shows it) and shows the message
 * of an error it throws. Render it while it is open. Without `onConfirm`, it only explains (a change that is
 * not possible now) and offers to close.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = true,
  onClose,
  testId,
  confirmTestId = "confirm",
  cancelTestId,
  children,
}: {
  title: string;
  description: string;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm?: () => unknown;
  destructive?: boolean;
  onClose: () => void;
  testId: string;
  confirmTestId?: string;
  cancelTestId?: string;
  children?: ReactNode;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (!onConfirm) return;
    setPending(true);
    setError(null);
    try {
      if ((await onConfirm()) !== false) onClose();
    } catch (thrown) {
      // What went wrong is for the log; the reader gets a sentence in their language.
      console.error("A confirmed action failed:", thrown);
      setError(t("common.dialog.failed"));
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent data-testid={testId}>
        {/* No close button in the corner: the header takes the dialog's whole width. */}
        <DialogHeader className="pe-0">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        {error ? (
          <p role="alert" className="text-sm text-destructive" data-testid="confirm-error">
            {error}
          </p>
        ) : null}
        {/* On a phone each answer takes the width, one above the other: easy to reach, never half-cut. */}
        <DialogFooter className="max-sm:*:flex-1">
          <DialogClose asChild>
            <Button variant="outline" disabled={pending} data-testid={cancelTestId}>
              {cancelLabel ?? (onConfirm ? t("common.dialog.cancel") : t("common.dialog.close"))}
            </Button>
          </DialogClose>
          {onConfirm && confirmLabel ? (
            <Button
              variant={destructive ? "destructive" : "primary"}
              loading={pending}
              onClick={() => void confirm()}
              data-testid={confirmTestId}
            >
              {confirmLabel}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
