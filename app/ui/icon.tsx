import type { SVGProps } from "react";
import type { IconName } from "./icon-names";
import sprite from "./icons.svg?url&no-inline";

/**
 * An icon from the sprite. The drawing lives in a cached SVG file, not in the page's JavaScript; stroke and
 * colour are inherited from here (`currentColor`), so text colour and size classes style it as usual. Decorative
 * unless given an accessible name (`aria-label`).
 */
export function Icon({ name, className, ...props }: { name: IconName } & SVGProps<SVGSVGElement>) {
  const labelled = props["aria-label"] !== undefined || props["aria-labelledby"] !== undefined;
  return (
    <svg
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={labelled ? undefined : true}
      role={labelled ? "img" : undefined}
      focusable="false"
      className={className}
      {...props}
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
