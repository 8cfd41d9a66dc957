import { warmRendering } from "./markdown/render-markdown.server";
import { ensureSearchIndex } from "./search.server";

/**
 * Prepares the content caches after the server starts (the rendering threads and their grammars, the catalog,
 * the search index), in the background, so the first visitor does not wait for them. Failures are logged; the
 * same work is then retried on first use.
 */
export function warmContent(): void {
  const timer = setTimeout(() => {
    warmRendering();
    void ensureSearchIndex().catch((error: unknown) => console.error("Warming the content caches failed:", error));
  }, 50);
  timer.unref();
}
