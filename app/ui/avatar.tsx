import { initialsOf } from "./initials";

/** A round avatar with the first letters of up to two words of the name (SPEC §9). */
export function Avatar({ name, className = "size-8 text-xs" }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}
