/**
 * Autolinking, loaded on use (./autolink-on-use.ts): `@tiptap/extension-link`'s own behaviour for typed and
 * pasted addresses (an address followed by a space or a new line becomes a link; a pasted address becomes a link,
 * or links the selected text), with linkify, added to an editor whose link mark is the light one
 * (../markdown/link.ts: the same mark, without this code).
 */
import { getExtensionField, pasteRulesPlugin, type Editor } from "@tiptap/core";
import { Link } from "@tiptap/extension-link";
import type { Plugin } from "@tiptap/pm/state";
import type { PasteRule } from "@tiptap/core";

const link = Link.configure({ openOnClick: false, autolink: true, defaultProtocol: "https" });

/** Adds autolinking's plugins to `editor` (its link mark must be in the schema). */
export function addAutolink(editor: Editor): void {
  const type = editor.schema.marks.link;
  if (!type || editor.isDestroyed) return;
  const context = { name: link.name, options: link.options, storage: link.storage, editor, type };
  const plugins = getExtensionField<(() => Plugin[]) | undefined>(link, "addProseMirrorPlugins", context)?.() ?? [];
  const rules = getExtensionField<(() => PasteRule[]) | undefined>(link, "addPasteRules", context)?.() ?? [];
  for (const plugin of [...plugins, ...pasteRulesPlugin({ editor, rules })]) editor.registerPlugin(plugin);
}
