/**
 * The content domain's invalidation hub. Whoever changes pages (the installer's default data, the editor's
 * builds) calls `contentChanged`; the caches derived from pages (catalog, rendered HTML, search index, cached
 * documents) listen with `onContentChange` and drop or update what they hold.
 */
import type { Locale } from "~/i18n/locales";

export interface ContentChange {
  locale: Locale;
  /** The page's path without a locale prefix: "/", "/about", "/notes/some-post". */
  path: string;
}

/** `undefined`: anything may have changed (a bulk import, a restored database). */
export type ContentChangeListener = (changes: readonly ContentChange[] | undefined) => void;

const listeners = new Set<ContentChangeListener>();

/**
 * Tells every content cache that pages changed: the named ones, or all of them when no list is given. Call it
 * after the write has committed, so nothing re-reads the old rows.
 */
export function contentChanged(changes?: readonly ContentChange[]): void {
  for (const listener of listeners) {
    try {
      listener(changes);
    } catch (error) {
      console.error("A content change listener failed:", error);
    }
  }
}

export function onContentChange(listener: ContentChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
