import { localizePath, type Locale } from "~/i18n/locales";

/** The canonical absolute URL of a page: Persian unprefixed, English under /en. */
export function pageUrl(origin: string, path: string, locale: Locale): string {
  return origin + localizePath(path, locale);
}

/** A site-relative URL ("/images/x.svg") made absolute; absolute URLs are returned as they are. */
export function absoluteUrl(origin: string, url: string): string {
  try {
    return new URL(url, origin + "/").href;
  } catch {
    return url;
  }
}
