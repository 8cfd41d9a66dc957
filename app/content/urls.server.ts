import { localizePath, type Locale } from "~/i18n/locales";

/**
 * The canonical absolute URL of a page: Persian unprefixed, English under /en. Letters outside ASCII (a Persian
 * address) are percent-encoded, as URLs in links, feeds and sitemaps must be; what is encoded already stays.
 */
export function pageUrl(origin: string, path: string, locale: Locale): string {
  return origin + localizePath(path, locale).replace(/[^\x21-\x7E]+/g, (run) => encodeURIComponent(run));
}

/** A site-relative URL ("/images/x.svg") made absolute; absolute URLs are returned as they are. */
export function absoluteUrl(origin: string, url: string): string {
  try {
    return new URL(url, origin + "/").href;
  } catch {
    return url;
  }
}
