import { avatarSources } from "~/lib/image-sizes";
import { initialsOf } from "./initials";

const PIXELS = { sm: 32, md: 48, lg: 64, xl: 96 } as const;

/**
 * A round avatar: the member's picture through the image service (both densities), else the first letters of
 * up to two words of the name. The header shows one on every page, so its sizes are data-attribute variants
 * rather than joined class names (nothing to merge on the first load).
 */
export function Avatar({
  name,
  image,
  size = "sm",
}: {
  name: string;
  /** The picture's image key. */
  image?: string | null;
  size?: "sm" | "md" | "lg" | "xl";
}) {
  const box =
    "inline-flex size-8 shrink-0 select-none items-center justify-center overflow-hidden rounded-full data-[size=md]:size-12 data-[size=lg]:size-16 data-[size=xl]:size-24";
  if (image) {
    const { src, srcSet } = avatarSources(image, PIXELS[size]);
    return (
      <img
        src={src}
        srcSet={srcSet}
        width={PIXELS[size]}
        height={PIXELS[size]}
        alt=""
        loading="lazy"
        decoding="async"
        data-size={size}
        data-testid="avatar-image"
        className={`${box} bg-muted object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden
      data-size={size}
      className={`${box} bg-primary text-xs font-semibold text-primary-foreground data-[size=md]:text-base data-[size=lg]:text-xl data-[size=xl]:text-3xl`}
    >
      {initialsOf(name)}
    </span>
  );
}
