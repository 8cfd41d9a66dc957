import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/ui/dialog";
import { useApiAction } from "~/ui/use-api";

/**
 * Asks before a change made by one call (disabling or deleting an account, removing a category): what will
 * happen, Cancel, and the change's button. The call shows its answer as a toast; after a success the dialog
 * closes on a page that already shows the change. Render it while it is open. Without `call`, it only explains
 * (a change that is not possible now) and offers to close.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  call,
  destructive = true,
  onClose,
  testId,
  children,
}: {
  title: string;
  description: string;
  confirmLabel?: string;
  call?: { path: string; method?: "POST" | "PUT" | "DELETE"; body: unknown };
  destructive?: boolean;
  onClose: () => void;
  testId: string;
  children?: ReactNode;
}) {
  const t = useT();
  const action = useApiAction();
  return (
    <Dialog open onOpenChange={(open) => !open && !action.pending && onClose()}>
      <DialogContent closeLabel={t("auth.dialog.close")} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={action.pending}>
              {call ? t("manage.form.cancel") : t("auth.dialog.close")}
            </Button>
          </DialogClose>
          {call && confirmLabel ? (
            <Button
              variant={destructive ? "destructive" : "primary"}
              loading={action.pending}
              onClick={() =>
                action.run(call.path, { method: call.method ?? "POST", body: call.body, onSuccess: onClose })
              }
              data-testid="confirm"
            >
              {confirmLabel}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
