import { cn } from "./cn";
import { Icon } from "./icon";

/** A turning circle; `className` gives its size and colour (`size-4` unless given). */
export function Spinner({ className = "size-4" }: { className?: string }) {
  return <Icon name="loader-circle" className={cn("animate-spin motion-reduce:animate-none", className)} />;
}
