/**
 * Tiptap's Markdown extension with the content's markdown reader and writer (`ContentMarkdownManager`): the editor
 * reads and writes a page exactly as the round-trip tests do, and HTML in the page stays source text instead of
 * being parsed into the editor's DOM.
 */
import { Markdown } from "@tiptap/markdown";
import { ContentMarkdownManager } from "./raw-html";

export const ContentMarkdown = Markdown.extend({
  onBeforeCreate() {
    const manager = new ContentMarkdownManager({
      indentation: this.options.indentation,
      marked: this.options.marked,
      markedOptions: this.options.markedOptions,
      extensions: this.editor.extensionManager.baseExtensions,
    });
    this.storage.manager = manager;
    this.editor.markdown = manager;
    this.editor.getMarkdown = () => manager.serialize(this.editor.getJSON());
    // Markdown given as the initial content becomes the document here, before the editor builds its state.
    const { content, contentType } = this.editor.options;
    if (contentType === "markdown" && typeof content === "string") {
      const doc = manager.parse(content);
      if (doc.content?.length) this.editor.options.content = doc;
    }
  },
});
