import { CONTENT_SIZES, type PictureView } from "../sizes";

/**
 * An image through the image service: AVIF and WebP sources and the original format, over the offered widths.
 * Without a `picture` (an image that is not published media), the plain image.
 */
export function Picture({
  src,
  picture,
  width,
  height,
  sizes = CONTENT_SIZES,
  alt = "",
  priority = false,
  className,
}: {
  src: string;
  picture?: PictureView;
  width?: number;
  height?: number;
  sizes?: string;
  alt?: string;
  /** The first thing the page shows: loaded at once, before other images. */
  priority?: boolean;
  className?: string;
}) {
  const loading = priority
    ? { fetchPriority: "high" as const }
    : { loading: "lazy" as const, decoding: "async" as const };
  if (!picture) return <img src={src} width={width} height={height} alt={alt} className={className} {...loading} />;
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        srcSet={picture.srcset}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
        className={className}
        {...loading}
      />
    </picture>
  );
}
