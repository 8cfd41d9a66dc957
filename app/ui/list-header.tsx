import type { ReactNode } from "react";
import { cn } from "~/ui/cn";

/**
 * The column headings of a list drawn as a table from md up (on a phone each row is a card and the headings
 * are hidden). `columns` is the grid template the rows share. Hidden from assistive technology: each card
 * labels its own values.
 */
export function ListHeader({
  columns,
  wide = "md",
  children,
}: {
  columns: string;
  /** From which width the rows read as a table (a list of many columns waits for lg). */
  wide?: "md" | "lg";
  children: ReactNode;
}) {
  return (
    <div
      aria-hidden
      className={cn(
        columns,
        "hidden border-b px-3 py-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase",
        wide === "lg" ? "lg:grid" : "md:grid",
      )}
    >
      {children}
    </div>
  );
}
