/**
 * The document store: whole HTML documents of public pages, kept for anonymous visitors; the HTTP layer
 * (server/document-cache.ts) looks answers up here and serves them. A route opts in by sending
 * `cacheableDocument` headers from its loader; the store empties when content or the app configuration
 * changes, and entries expire after a few minutes anyway (the footer's year, relative things).
 */
import { onAppConfigChange } from "~/settings/app-config.server";
import { onContentChange } from "./changes.server";

/** Response header a loader sets to allow its document to be cached; the server removes it before sending. */
export const documentCacheHeader = "x-daftar-document-cache";
export const cacheableDocument = { [documentCacheHeader]: "public" } as const;

export interface CachedDocument {
  status: number;
  headers: [string, string][];
  /** The body's UTF-8 bytes, cut where the CSP nonce was written: each answer puts its own nonce between them. */
  pieces: Buffer[];
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

/** Keeps a rendered document whose scripts carry `nonce`. */
export function putDocument(
  key: string,
  entry: { status: number; headers: [string, string][]; body: string; nonce: string },
  now = Date.now(),
): void {
  if (entry.body.length > DOCUMENT_MAX_BYTES) return;
  const pieces = (entry.nonce ? entry.body.split(entry.nonce) : [entry.body]).map((piece) => Buffer.from(piece));
  documents.delete(key);
  documents.set(key, { status: entry.status, headers: entry.headers, pieces, expires: now + DOCUMENT_TTL_MS });
  if (documents.size > DOCUMENT_CACHE_LIMIT) documents.delete(documents.keys().next().value!);
}

/** A kept document's body with this answer's nonce: a copy of bytes, no search through the text. */
export function documentBody(entry: CachedDocument, nonce: string): Buffer {
  if (entry.pieces.length === 1) return entry.pieces[0]!;
  const between = Buffer.from(nonce);
  const parts: Buffer[] = [entry.pieces[0]!];
  for (const piece of entry.pieces.slice(1)) parts.push(between, piece);
  return Buffer.concat(parts);
}

/** Empties the cache; content and settings changes call it, and so may any domain whose data pages show. */
export function clearDocuments(): void {
  documents.clear();
}

onContentChange(clearDocuments);
onAppConfigChange(clearDocuments);
