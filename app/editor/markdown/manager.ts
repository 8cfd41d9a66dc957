import type { JSONContent } from "@tiptap/core";
import { contentExtensions } from "./extensions";
import { ContentMarkdownManager } from "./raw-html";

let shared: ContentMarkdownManager | undefined;

/** The markdown reader and writer of the content schema, without an editor (tests, conversions). */
export function contentMarkdown(): ContentMarkdownManager {
  shared ??= new ContentMarkdownManager({ extensions: contentExtensions() });
  return shared;
}

export function markdownToDoc(markdown: string): JSONContent {
  return contentMarkdown().parse(markdown);
}

export function docToMarkdown(doc: JSONContent): string {
  return contentMarkdown().serialize(doc);
}
