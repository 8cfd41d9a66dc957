import { DropdownMenu as RadixMenu } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "./cn";

/** A menu opened by its trigger (Radix's dropdown menu): pass the page's `dir`. */
export function Menu(props: ComponentProps<typeof RadixMenu.Root>) {
  return <RadixMenu.Root {...props} />;
}

export function MenuTrigger(props: ComponentProps<typeof RadixMenu.Trigger>) {
  return <RadixMenu.Trigger {...props} />;
}

/** The menu's panel, in a portal above the page. */
export function MenuContent({ className, ...props }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        className={cn("z-50 min-w-52 rounded-lg border bg-card p-1 text-card-foreground shadow-lg", className)}
        {...props}
      />
    </RadixMenu.Portal>
  );
}

const itemClass =
  "flex min-h-9 cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_svg]:size-4 [&_svg]:text-muted-foreground";

export function MenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cn(itemClass, className)} {...props} />;
}

export function MenuCheckboxItem({ className, ...props }: ComponentProps<typeof RadixMenu.CheckboxItem>) {
  return <RadixMenu.CheckboxItem className={cn(itemClass, className)} {...props} />;
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={cn("px-2 py-1.5", className)} {...props} />;
}

export function MenuSeparator({ className, ...props }: ComponentProps<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cn("my-1 h-px bg-border", className)} {...props} />;
}
