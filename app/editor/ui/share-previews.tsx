import { dirOf, localizePath, type Locale } from "~/i18n/locales";
import { useT } from "~/i18n/use-t";
import { Address } from "~/ui/address";
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX, truncated } from "../search-snippet";

/** A page's place as a search result shows it: the site's host, then the address's segments. */
function breadcrumb(origin: string, address: string): string {
  const host = hostOf(origin);
  const segments = address.split("/").filter(Boolean);
  return [host, ...segments.map(decodedSegment)].join(" › ");
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page as a search engine lists it: the address above, the title, the description, cut as they cut them. */
export function SearchPreview({
  locale,
  origin,
  path,
  title,
  description,
}: {
  locale: Locale;
  origin: string;
  path: string;
  title: string;
  description: string;
}) {
  const t = useT();
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-xs font-medium text-muted-foreground">
        {t("editor.settings.searchPreview")}
      </figcaption>
      <div
        dir={dirOf(locale)}
        lang={locale}
        className="grid gap-0.5 rounded-lg border bg-white p-3 text-start dark:bg-neutral-900"
        data-testid="search-preview"
      >
        <Address
          className="block truncate text-xs text-neutral-700 dark:text-neutral-300"
          data-testid="search-preview-address"
        >
          {breadcrumb(origin, localizePath(path || "/", locale))}
        </Address>
        <p className="text-lg leading-snug text-blue-800 dark:text-blue-300" data-testid="search-preview-title">
          <bdi>{truncated(title, SEO_TITLE_MAX)}</bdi>
        </p>
        <p
          className="text-sm leading-normal text-neutral-700 dark:text-neutral-300"
          data-testid="search-preview-description"
        >
          <bdi>{truncated(description, SEO_DESCRIPTION_MAX)}</bdi>
        </p>
      </div>
    </figure>
  );
}

/** The page as a social site's card shows a link to it: its picture, the domain, the title and description. */
export function SocialPreview({
  locale,
  origin,
  image,
  title,
  description,
}: {
  locale: Locale;
  origin: string;
  image: string;
  title: string;
  description: string;
}) {
  const t = useT();
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-xs font-medium text-muted-foreground">
        {t("editor.settings.socialPreview")}
      </figcaption>
      <div
        dir={dirOf(locale)}
        lang={locale}
        className="overflow-hidden rounded-lg border bg-muted/40"
        data-testid="social-preview"
      >
        {/* The card's picture says nothing the card's text does not: decorative. */}
        <img
          src={image}
          alt=""
          className="aspect-[1.91/1] w-full bg-muted object-cover"
          data-testid="social-preview-image"
        />
        <div className="grid gap-0.5 border-t p-3">
          <Address className="block truncate text-xs text-muted-foreground uppercase">{hostOf(origin)}</Address>
          <p className="line-clamp-2 font-semibold leading-snug" data-testid="social-preview-title">
            <bdi>{title}</bdi>
          </p>
          <p className="line-clamp-2 text-sm text-muted-foreground" data-testid="social-preview-description">
            <bdi>{description}</bdi>
          </p>
        </div>
      </div>
    </figure>
  );
}
