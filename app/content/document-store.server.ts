/**
 * The document store: whole HTML documents of public pages, kept for anonymous visitors; the HTTP layer
 * (server/document-cache.ts) looks answers up here and serves them. A route opts in by sending
 * `cacheableDocumentAt` headers from its loader; the store empties when content or the app configuration
 * changes, drops a page's documents on a "documents" change (in every instance: app/cluster/change-feed.server.ts),
 * and entries expire after a few minutes anyway (the footer's year, relative things).
 */
import { onSiteChange } from "~/cluster/change-feed.server";
import { parseLocalizedPath } from "~/i18n/locales";
import { onAppConfigChange } from "~/settings/app-config.server";
import type { ContentChange } from "~/cluster/change-feed.server";
import { BoundedMap } from "~/lib/bounded-map";
import { documentEncodings, type DocumentEncoding } from "~/lib/content-encodings";
import { onContentChange } from "./changes.server";

/** Response header a loader sets to allow its document to be cached; the server removes it before sending. */
export const documentCacheHeader = "x-daftar-document-cache";
const cacheableDocument = { [documentCacheHeader]: "public" } as const;

/**
 * The loader's opt-in, given only at the page's one canonical address: exactly the query parameters the page
 * uses, in their canonical form and order (undefined ones left out). Any other spelling ("?page=01", "?page=1",
 * a parameter the page ignores) is still answered, but not kept, so it cannot add entries.
 */
export function cacheableDocumentAt(
  url: URL,
  params: Record<string, string | undefined> = {},
): { headers: typeof cacheableDocument } | undefined {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.append(name, value);
  const canonical = query.size ? `?${query}` : "";
  return url.search === canonical ? { headers: cacheableDocument } : undefined;
}

/** The document's bytes in one encoding, sent as they are, and their ETag. */
export interface Representation {
  body: Buffer;
  etag: string;
}

/**
 * A kept answer. Nothing in it belongs to one request: the headers include the Content-Security-Policy that names
 * the document's inline scripts by hash, so every answer is the stored bytes, compressed once when it was kept.
 */
export interface CachedDocument {
  status: number;
  headers: [string, string][];
  representations: Record<DocumentEncoding, Representation>;
  expires: number;
}

export const DOCUMENT_TTL_MS = 5 * 60_000;
export const DOCUMENT_CACHE_LIMIT = 500;
/** All representations of all kept documents together. */
export const DOCUMENT_CACHE_BYTES = 64 * 1024 * 1024;
/** Larger documents (uncompressed) are served but not kept. */
export const DOCUMENT_MAX_BYTES = 2_000_000;

const documents = new BoundedMap<string, CachedDocument>(DOCUMENT_CACHE_LIMIT, {
  max: DOCUMENT_CACHE_BYTES,
  of: (entry) => documentEncodings.reduce((sum, encoding) => sum + entry.representations[encoding].body.length, 0),
});
/** Counts the clears: a document rendered across a clear may show what was cleared, so it is not kept. */
let generation = 0;

/** Taken before rendering a document and handed to `putDocument`. */
export function documentGeneration(): number {
  return generation;
}

/** Whether a document of `bytes` rendered from `renderedFrom` may be kept (so is worth compressing). */
export function keepableDocument(bytes: number, renderedFrom: number): boolean {
  return renderedFrom === generation && bytes <= DOCUMENT_MAX_BYTES;
}

export function getDocument(key: string, now = Date.now()): CachedDocument | undefined {
  const entry = documents.get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    documents.delete(key);
    return undefined;
  }
  return entry;
}

/**
 * Keeps a document, unless the store was cleared since its rendering began (at `renderedFrom`, a
 * `documentGeneration()`): it may hold what the clear was for.
 */
export function putDocument(
  key: string,
  entry: Omit<CachedDocument, "expires">,
  renderedFrom: number,
  now = Date.now(),
): void {
  if (!keepableDocument(entry.representations.identity.body.length, renderedFrom)) return;
  documents.set(key, { ...entry, expires: now + DOCUMENT_TTL_MS });
}

/**
 * Drops the documents of the given pages (in each form of their address: "/x" and "/fa/x" for Persian), or all of
 * them. A domain whose data only a page's own document shows (a comment count) names the page; content and
 * settings changes show in listings, feeds and menus, so they empty the cache.
 */
export function clearDocuments(pages?: readonly ContentChange[]): void {
  generation++;
  if (!pages) return documents.clear();
  for (const key of documents.keys()) {
    const { pathname } = new URL(key);
    const { locale, path } = parseLocalizedPath(safeDecode(pathname));
    if (pages.some((page) => page.locale === locale && safeDecode(page.path) === path)) documents.delete(key);
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

onContentChange(() => clearDocuments());
onAppConfigChange(() => clearDocuments());
onSiteChange("documents", clearDocuments);
