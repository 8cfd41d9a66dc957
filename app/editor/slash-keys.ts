import { Extension } from "@tiptap/core";
import { Plugin, type EditorState } from "@tiptap/pm/state";

/**
 * Whether a `/` stands just before the caret: the slash menu (./ui/slash-menu.tsx) is loaded then, and decides
 * with ./slash-query.ts whether it opens.
 */
export function slashBeforeCaret(state: EditorState): boolean {
  const { selection } = state;
  return selection.empty && selection.$from.parent.textBetween(0, selection.$from.parentOffset).endsWith("/");
}

type KeyHandler = (event: KeyboardEvent) => boolean;

declare module "@tiptap/core" {
  interface Storage {
    slashKeys: { handler: KeyHandler | null };
  }
  interface Commands<ReturnType> {
    slashKeys: {
      /** Gives the editor's keys to `handler` first (null: to no one). */
      setSlashKeys: (handler: KeyHandler | null) => ReturnType;
    };
  }
}

/**
 * The slash menu's keys, before every other key binding: the menu (./ui/slash-menu.tsx, loaded on use) sets its
 * handler with `setSlashKeys` while it is shown, and its arrows, Enter and Escape go to it first.
 */
export const SlashKeys = Extension.create<object, { handler: KeyHandler | null }>({
  name: "slashKeys",
  priority: 1000,
  addStorage: () => ({ handler: null }),
  addCommands() {
    return {
      setSlashKeys: (handler) => () => {
        this.storage.handler = handler;
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    const { editor } = this;
    return [
      new Plugin({ props: { handleKeyDown: (_view, event) => editor.storage.slashKeys.handler?.(event) ?? false } }),
    ];
  },
});
