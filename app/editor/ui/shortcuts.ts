import type { MessageKey } from "~/i18n/translate";

/**
 * The editor's keyboard shortcuts, in one list: the toolbar's tooltips and the shortcuts sheet read them here.
 * "Mod" is Ctrl, or ⌘ on a Mac (see keysLabel).
 */
export const shortcuts = {
  undo: "Mod+Z",
  redo: "Mod+Shift+Z",
  paragraph: "Mod+Alt+0",
  heading1: "Mod+Alt+1",
  heading2: "Mod+Alt+2",
  heading3: "Mod+Alt+3",
  bold: "Mod+B",
  italic: "Mod+I",
  strike: "Mod+Shift+S",
  code: "Mod+E",
  link: "Mod+K",
  bulletList: "Mod+Shift+8",
  orderedList: "Mod+Shift+7",
  taskList: "Mod+Shift+9",
  quote: "Mod+Shift+B",
  codeBlock: "Mod+Alt+C",
  zwnj: "Shift+Space",
  slash: "/",
  moveUp: "Alt+Shift+↑",
  moveDown: "Alt+Shift+↓",
  save: "Mod+S",
  sheet: "Mod+/",
} as const;

export type ShortcutName = keyof typeof shortcuts;

/** The sheet's groups, each shortcut with its name in the catalogs (a heading's level is filled in). */
export const shortcutGroups: {
  title: MessageKey;
  items: { name: ShortcutName; label: MessageKey; level?: number }[];
}[] = [
  {
    title: "editor.shortcuts.text",
    items: [
      { name: "bold", label: "editor.tool.bold" },
      { name: "italic", label: "editor.tool.italic" },
      { name: "strike", label: "editor.tool.strike" },
      { name: "code", label: "editor.tool.code" },
      { name: "link", label: "editor.tool.link" },
      { name: "zwnj", label: "editor.tool.zwnj" },
    ],
  },
  {
    title: "editor.shortcuts.blocks",
    items: [
      { name: "paragraph", label: "editor.tool.paragraph" },
      { name: "heading1", label: "editor.tool.heading", level: 1 },
      { name: "heading2", label: "editor.tool.heading", level: 2 },
      { name: "heading3", label: "editor.tool.heading", level: 3 },
      { name: "bulletList", label: "editor.tool.bulletList" },
      { name: "orderedList", label: "editor.tool.orderedList" },
      { name: "taskList", label: "editor.tool.taskList" },
      { name: "quote", label: "editor.tool.quote" },
      { name: "codeBlock", label: "editor.tool.codeBlock" },
      { name: "slash", label: "editor.shortcuts.slash" },
      { name: "moveUp", label: "editor.shortcuts.moveUp" },
      { name: "moveDown", label: "editor.shortcuts.moveDown" },
    ],
  },
  {
    title: "editor.shortcuts.editing",
    items: [
      { name: "undo", label: "editor.tool.undo" },
      { name: "redo", label: "editor.tool.redo" },
      { name: "save", label: "editor.save" },
      { name: "sheet", label: "editor.shortcuts.title" },
    ],
  },
];
