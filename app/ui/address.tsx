import type { ComponentProps } from "react";
import { cn } from "./cn";

/**
 * An address or a file's path shown as text: isolated from the sentence around it and read in its own direction
 * (`dir="auto"`), so a Persian slug keeps its word order, and in the page's font (a monospace font without Persian
 * letters breaks their joins).
 */
export function Address({ className, ...props }: ComponentProps<"bdi">) {
  return <bdi dir="auto" className={cn("[unicode-bidi:plaintext]", className)} {...props} />;
}
