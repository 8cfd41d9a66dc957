/**
 * The catch-all page loads its view's code on demand (a post's article or a category's listing: neither page
 * downloads the other's). So that a post does not wait for its code until hydration asks for it, its document
 * preloads it: the production build writes the client chunks of each view here (`viewChunks` in vite.config.ts),
 * leaving out those every page loads anyway. Empty in development and tests, where nothing is preloaded.
 */
export type ContentViewName = "article" | "category";

const chunks: Record<ContentViewName, string[]> = JSON.parse(/* view chunks */ `{"article":[],"category":[]}`);

/**
 * `<link rel="modulepreload">` for a view's chunks, as route meta descriptors. The view's own chunk (the first)
 * names the view: the page waits for it before hydrating.
 */
export function viewPreloads(view: ContentViewName) {
  return chunks[view].map((href, i) => ({
    tagName: "link" as const,
    rel: "modulepreload",
    href,
    ...(i === 0 ? { "data-view": view } : {}),
  }));
}
