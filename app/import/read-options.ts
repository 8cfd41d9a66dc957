/** How much of an export a reader takes: the bounds a file is refused past, and the language to fall back on. */
import type { Locale } from "~/i18n/locales";

export interface ExportReadOptions {
  /** The largest file read, in bytes (`DEFAULT_MAX_BYTES` unless set). */
  maxBytes?: number;
  /** The most entries read: posts, pages, attachments, terms, authors… (`DEFAULT_MAX_ITEMS` unless set). */
  maxItems?: number;
  /** The language of an item with neither a recorded language nor letters (else the export's, else the site's default). */
  defaultLocale?: Locale;
}

/** 200 MB: a WordPress export of a large blog with ten thousand posts and their comments is a few tens of MB. */
export const DEFAULT_MAX_BYTES = 200_000_000;
export const DEFAULT_MAX_ITEMS = 50_000;
