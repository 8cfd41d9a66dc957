import type { ComponentProps } from "react";
import { cn } from "./cn";

export const inputClass =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-base sm:text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-[invalid=true]:border-destructive disabled:opacity-50";

/**
 * A field given `dir="auto"` reads in the direction of what is typed (a Persian address keeps its word order). An
 * empty one has no letter to decide by and would be drawn left-to-right, scrambling a Persian placeholder: until
 * something is typed it takes the page's direction, and `unicode-bidi: plaintext` lays its text, placeholder
 * included, out in that text's own direction. A field whose value is not held by React (`defaultValue`) cannot
 * be told empty here: it keeps the page's direction and relies on `plaintext` alone.
 */
function fieldDirection(dir: string | undefined, value: unknown): { dir?: string; className?: string } {
  if (dir !== "auto") return { dir };
  const plaintext = "[unicode-bidi:plaintext]";
  return { dir: value === undefined || value === "" ? undefined : "auto", className: plaintext };
}

export function Input({ className, dir, ...props }: ComponentProps<"input">) {
  const direction = fieldDirection(dir, props.value);
  return <input className={cn(inputClass, "h-10", direction.className, className)} dir={direction.dir} {...props} />;
}

/** A text area; three rows to begin with. */
export function Textarea({ className, rows = 3, dir, ...props }: ComponentProps<"textarea">) {
  const direction = fieldDirection(dir, props.value);
  return (
    <textarea
      rows={rows}
      className={cn(inputClass, "min-h-20", direction.className, className)}
      dir={direction.dir}
      {...props}
    />
  );
}
