import { Popover as RadixPopover } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A panel opened by its trigger, beside it (Radix's popover). */
export function Popover(props: ComponentProps<typeof RadixPopover.Root>) {
  return <RadixPopover.Root {...props} />;
}

export function PopoverTrigger(props: ComponentProps<typeof RadixPopover.Trigger>) {
  return <RadixPopover.Trigger {...props} />;
}

/** The popover's panel, in a portal above the page. */
export function PopoverContent({ className, ...props }: ComponentProps<typeof RadixPopover.Content>) {
  return (
    <RadixPopover.Portal>
      <RadixPopover.Content
        className={cn("z-50 rounded-lg border bg-background p-3 shadow-lg", className)}
        {...props}
      />
    </RadixPopover.Portal>
  );
}
