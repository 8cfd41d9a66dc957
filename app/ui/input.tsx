import type { ComponentProps } from "react";
import { cn } from "./cn";

export const inputClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive disabled:opacity-50";

/**
 * `dir="auto"` decides by the first strong character typed; an empty field has none and would be drawn
 * left-to-right, scrambling a Persian placeholder. Until something is typed, the field takes the page's direction.
 */
function fieldDir(dir: string | undefined, value: unknown): string | undefined {
  return dir === "auto" && value === "" ? undefined : dir;
}

export function Input({ className, dir, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, "h-10", className)} dir={fieldDir(dir, props.value)} {...props} />;
}

/** A text area; three rows to begin with. */
export function Textarea({ className, rows = 3, dir, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(inputClass, "min-h-20", className)}
      dir={fieldDir(dir, props.value)}
      {...props}
    />
  );
}
