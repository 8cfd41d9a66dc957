import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";

/**
 * A modal dialog with a title, a description and a close button. Import it only from code that loads on
 * use (it brings Radix Dialog along).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  testId,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          data-testid={testId}
          className={`fixed inset-0 z-50 m-auto grid h-fit max-h-[90dvh] w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-xl border bg-background p-6 shadow-xl ${wide ? "max-w-2xl" : "max-w-md"}`}
        >
          <div className="grid gap-1 pe-8">
            <RadixDialog.Title className="text-lg font-bold">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="text-sm text-muted-foreground">{description}</RadixDialog.Description>
            ) : (
              <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
            )}
          </div>
          {children}
          <RadixDialog.Close
            aria-label={closeLabel}
            className="absolute end-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden className="size-4" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
