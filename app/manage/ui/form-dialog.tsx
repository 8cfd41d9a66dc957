import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { SubmitButton } from "~/ui/api-form";
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

/**
 * A dashboard dialog around one form: its title, description and ✕, composed from the dialog parts. Render it
 * while the dialog is open: the form starts afresh with every opening, and closes it from its `onDone`.
 */
export function FormDialog({
  onOpenChange,
  title,
  description,
  testId,
  children,
}: {
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent size="lg" closeLabel={t("auth.dialog.close")} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The end of a dialog's form: Cancel, and its submit button ("Saving…" while the call runs). */
export function FormDialogActions({ submitLabel, submitTestId }: { submitLabel: string; submitTestId: string }) {
  const t = useT();
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">{t("manage.form.cancel")}</Button>
      </DialogClose>
      <SubmitButton pendingLabel={t("manage.form.saving")} data-testid={submitTestId}>
        {submitLabel}
      </SubmitButton>
    </DialogFooter>
  );
}
