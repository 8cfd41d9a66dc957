/**
 * A top-level block's content as read (its `source.content`): what tells an unchanged block, whose markdown is
 * written back as it was, from an edited one. It is the block's own JSON without its `source`, so the server
 * leaves it out of the document it sends (about half of the page's data) and the browser puts it back before
 * making the editor, from the same JSON: the value is the one the reader would have given. No reader or writer
 * here: this module is in the editor's first load.
 */
import type { JSONContent } from "@tiptap/core";

/** The block without its `source` attributes (at any depth: a block may have been moved into a list). */
function withoutSource(node: JSONContent): JSONContent {
  const { source: _source, ...attrs } = node.attrs ?? {};
  return {
    ...node,
    ...(node.attrs ? { attrs } : {}),
    ...(node.content ? { content: node.content.map(withoutSource) } : {}),
  };
}

export const contentOf = (node: JSONContent) => JSON.stringify(withoutSource(node));

type Source = Record<string, unknown> & { content?: string };

const sourceOf = (block: JSONContent) => block.attrs?.source as Source | null | undefined;

/** The document to send: each top-level block's source without its content as read. */
export function withoutBlockContents(doc: JSONContent): JSONContent {
  return {
    ...doc,
    content: doc.content?.map((block) => {
      const source = sourceOf(block);
      if (!source) return block;
      const { content: _content, ...rest } = source;
      return { ...block, attrs: { ...block.attrs, source: rest } };
    }),
  };
}

/** The document received: each top-level block's content as read put back, from the block itself. */
export function withBlockContents(doc: JSONContent): JSONContent {
  return {
    ...doc,
    content: doc.content?.map((block) => {
      const source = sourceOf(block);
      if (!source || source.content !== undefined) return block;
      return { ...block, attrs: { ...block.attrs, source: { ...source, content: contentOf(block) } } };
    }),
  };
}
