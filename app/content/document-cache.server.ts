/**
 * Whole HTML documents of public pages, kept for anonymous visitors (see server/document-cache.ts, which
 * serves them). A route opts in by sending `cacheableDocument` headers from its loader; the cache empties when
 * content or the app configuration changes, and entries expire after a few minutes anyway (the footer's year,
 * relative things).
 */
import { onAppConfigChange } from "~/settings/app-config.server";
import { onContentChange } from "./changes.server";

/** Response header a loader sets to allow its document to be cached; the server removes it before sending. */
export const documentCacheHeader = "x-daftar-document-cache";
export const cacheableDocument = { [documentCacheHeader]: "public" } as const;

export interface CachedDocument {
  status: number;
  headers: [string, string][];
  body: string;
  /** The CSP nonce written into `body`; each answer swaps in its own. */
  nonce: string;
  expires: number;
}

export const DOCUMENT_TTL_MS = 5 * 60_000;
export const DOCUMENT_CACHE_LIMIT = 500;
/** Larger documents are served but not kept. */
export const DOCUMENT_MAX_BYTES = 2_000_000;

const documents = new Map<string, CachedDocument>();

export function getDocument(key: string, now = Date.now()): CachedDocument | undefined {
  const entry = documents.get(key);
  if (!entry) return undefined;
  if (entry.expires <= now) {
    documents.delete(key);
    return undefined;
  }
  return entry;
}

export function putDocument(key: string, entry: Omit<CachedDocument, "expires">, now = Date.now()): void {
  if (entry.body.length > DOCUMENT_MAX_BYTES) return;
  documents.delete(key);
  documents.set(key, { ...entry, expires: now + DOCUMENT_TTL_MS });
  if (documents.size > DOCUMENT_CACHE_LIMIT) documents.delete(documents.keys().next().value!);
}

/** Empties the cache; content and settings changes call it, and so may any domain whose data pages show. */
export function clearDocuments(): void {
  documents.clear();
}

export function documentCount(): number {
  return documents.size;
}

onContentChange(clearDocuments);
onAppConfigChange(clearDocuments);
