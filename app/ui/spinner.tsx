import { cn } from "./cn";
import { Icon } from "./icon";

export function Spinner({ className }: { className?: string }) {
  return <Icon name="loader-circle" className={cn("size-4 animate-spin motion-reduce:animate-none", className)} />;
}
