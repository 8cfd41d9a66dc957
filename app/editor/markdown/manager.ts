/**
 * A page's markdown as the editor's document and back (./document.ts), with the content schema: used by the
 * editor and by the tests that prove the round trip, so both go the same way.
 */
import { getSchema, type JSONContent } from "@tiptap/core";
import type { Schema } from "@tiptap/pm/model";
import { readDocument, writeDocument } from "./document";
import { contentExtensions } from "./extensions";

let schema: Schema | undefined;

/** The editor's document for a page's markdown (each top-level block keeping the markdown it was read from). */
export function markdownToDoc(markdown: string): JSONContent {
  schema ??= getSchema(contentExtensions());
  const editorSchema = schema;
  return readDocument(markdown, (doc) => editorSchema.nodeFromJSON(doc).toJSON() as JSONContent);
}

/** The page's markdown for a document: unchanged blocks as they were written, the others written anew. */
export function docToMarkdown(doc: JSONContent): string {
  return writeDocument(doc);
}
