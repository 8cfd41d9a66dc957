import { initialsOf } from "./initials";

/**
 * A round avatar with the first letters of up to two words of the name. The header shows one on every page, so
 * its sizes are data-attribute variants rather than joined class names (nothing to merge on the first load).
 */
export function Avatar({ name, size = "sm" }: { name: string; size?: "sm" | "md" | "lg" }) {
  return (
    <span
      aria-hidden
      data-size={size}
      className="inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground data-[size=md]:size-12 data-[size=md]:text-base data-[size=lg]:size-16 data-[size=lg]:text-xl"
    >
      {initialsOf(name)}
    </span>
  );
}
