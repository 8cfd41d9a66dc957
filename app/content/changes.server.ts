/**
 * The content domain's invalidation hub. Whoever changes pages (the installer's default data, the editor's
 * builds) announces a "content" change in a `changeTransaction` (app/cluster/change-feed.server.ts); the caches
 * derived from pages (catalog, rendered HTML, search index, cached documents) listen here with
 * `onContentChange` and drop or update what they hold, in this instance and in every other.
 */
import { onSiteChange, type ContentChange } from "~/cluster/change-feed.server";

/** `undefined`: anything may have changed (a bulk import, a restored database). */
export type ContentChangeListener = (changes: readonly ContentChange[] | undefined) => void;

const listeners = new Set<ContentChangeListener>();

onSiteChange("content", (changes) => {
  for (const listener of listeners) {
    try {
      listener(changes ?? undefined);
    } catch (error) {
      console.error("A content change listener failed:", error);
    }
  }
});

export function onContentChange(listener: ContentChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
