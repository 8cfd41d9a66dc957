import type { JSONContent } from "@tiptap/core";
import { MarkdownManager } from "@tiptap/markdown";
import { contentExtensions } from "./extensions";

let shared: MarkdownManager | undefined;

/** The markdown reader and writer of the content schema, without an editor (tests, conversions). */
export function contentMarkdown(): MarkdownManager {
  shared ??= new MarkdownManager({ extensions: contentExtensions() });
  return shared;
}

export function markdownToDoc(markdown: string): JSONContent {
  return contentMarkdown().parse(markdown);
}

export function docToMarkdown(doc: JSONContent): string {
  return contentMarkdown().serialize(doc);
}
