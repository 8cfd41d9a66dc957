import { cva, type VariantProps } from "class-variance-authority";
import { Dialog as RadixDialog } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";
import { Icon } from "./icon";

/**
 * Modal dialogs and side sheets, composed from parts over Radix Dialog (focus trap, Escape, scroll lock):
 *
 * ```tsx
 * <Dialog open={open} onOpenChange={setOpen}>
 *   <DialogContent size="lg" closeLabel={t("auth.dialog.close")} data-testid="…">
 *     <DialogHeader>
 *       <DialogTitle>…</DialogTitle>
 *       <DialogDescription>…</DialogDescription>
 *     </DialogHeader>
 *     …
 *     <DialogFooter>
 *       <DialogClose asChild><Button variant="outline">…</Button></DialogClose>
 *     </DialogFooter>
 *   </DialogContent>
 * </Dialog>
 * ```
 *
 * Every dialog needs a title (hidden with `sr-only` when the content says it otherwise) and a description or
 * `aria-describedby`. Import this module only from code that loads on use: it brings Radix Dialog along.
 */
export function Dialog(props: ComponentProps<typeof RadixDialog.Root>) {
  return <RadixDialog.Root {...props} />;
}

export function DialogOverlay({ className, ...props }: ComponentProps<typeof RadixDialog.Overlay>) {
  return (
    <RadixDialog.Overlay className={cn("fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]", className)} {...props} />
  );
}

const contentClass = cva("fixed z-50 bg-background shadow-xl outline-none", {
  variants: {
    side: {
      /** A dialog in the middle of the screen. */
      center: "inset-0 m-auto grid h-fit max-h-[90dvh] w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-xl border p-6",
      /** A panel near the top, for a command palette or a search (its own parts fill it edge to edge). */
      top: "inset-x-3 top-3 mx-auto flex max-h-[min(36rem,calc(100dvh-1.5rem))] flex-col overflow-hidden rounded-xl border shadow-2xl sm:top-[12vh]",
      /** A sheet along the reading start side (right in Persian, left in English). */
      start: "inset-y-0 start-0 flex w-72 max-w-[85vw] flex-col gap-4 border-e p-4",
      /** A full-height panel along the reading end side, the whole width of a phone (its parts set the padding). */
      end: "inset-y-0 end-0 flex w-full flex-col border-s",
    },
    size: { md: "", lg: "" },
  },
  compoundVariants: [
    { side: ["center", "top"], size: "md", className: "max-w-md" },
    { side: ["center", "top"], size: "lg", className: "max-w-2xl" },
    { side: "end", size: "md", className: "sm:w-[28rem]" },
    // Wide enough for two columns of text side by side, or a diff's long lines.
    { side: "end", size: "lg", className: "sm:w-[44rem]" },
  ],
  defaultVariants: { side: "center", size: "md" },
});

/**
 * The dialog's panel, with its overlay, in a portal. `closeLabel` adds the ✕ button in the end corner; a
 * panel that places its own (`DialogCloseButton`) leaves it out.
 */
export function DialogContent({
  side,
  size,
  closeLabel,
  className,
  children,
  ...props
}: ComponentProps<typeof RadixDialog.Content> & VariantProps<typeof contentClass> & { closeLabel?: string }) {
  return (
    <RadixDialog.Portal>
      <DialogOverlay />
      <RadixDialog.Content className={cn(contentClass({ side, size }), className)} {...props}>
        {children}
        {closeLabel ? <DialogCloseButton label={closeLabel} className="absolute end-3 top-3" /> : null}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The title and description; room is kept at the end for the corner ✕. */
export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("grid gap-1 pe-10", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof RadixDialog.Title>) {
  return <RadixDialog.Title className={cn("text-lg font-bold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof RadixDialog.Description>) {
  return <RadixDialog.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** The row of actions at the end of a dialog. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-wrap justify-end gap-2", className)} {...props} />;
}

/** Closes the dialog when its child is activated (`asChild` for a button of one's own). */
export function DialogClose(props: ComponentProps<typeof RadixDialog.Close>) {
  return <RadixDialog.Close {...props} />;
}

/** The ✕ button; `label` names it for screen readers. */
export function DialogCloseButton({ label, className }: { label: string; className?: string }) {
  return (
    <RadixDialog.Close
      aria-label={label}
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground",
        className,
      )}
    >
      <Icon name="x" className="size-5" />
    </RadixDialog.Close>
  );
}
