import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { useT } from "~/i18n/use-t";
import { useLinkDialog } from "./link-dialog";
import { ToolButton } from "./toolbar";

/**
 * Formatting for the selected text, beside it. Loaded when text is first selected (./rich-editor.tsx): the
 * toolbar has the same buttons meanwhile.
 */
export default function SelectionMenu({ editor, onPartFailed }: { editor: Editor; onPartFailed: () => void }) {
  const t = useT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      code: e.isActive("code"),
      link: e.isActive("link"),
    }),
  });
  const link = useLinkDialog(editor, onPartFailed);
  return (
    <>
      <BubbleMenu
        editor={editor}
        shouldShow={({ editor: e, state: s }) => !s.selection.empty && !e.isActive("codeBlock")}
        className="flex items-center gap-0.5 rounded-lg border bg-background p-1 shadow-lg"
        data-testid="bubble-menu"
      >
        <ToolButton
          icon="bold"
          label={t("editor.tool.bold")}
          keys="Mod+B"
          active={state.bold}
          run={() => editor.chain().focus().toggleBold().run()}
        />
        <ToolButton
          icon="italic"
          label={t("editor.tool.italic")}
          keys="Mod+I"
          active={state.italic}
          run={() => editor.chain().focus().toggleItalic().run()}
        />
        <ToolButton
          icon="strikethrough"
          label={t("editor.tool.strike")}
          keys="Mod+Shift+S"
          active={state.strike}
          run={() => editor.chain().focus().toggleStrike().run()}
        />
        <ToolButton
          icon="code"
          label={t("editor.tool.code")}
          keys="Mod+E"
          active={state.code}
          run={() => editor.chain().focus().toggleCode().run()}
        />
        <ToolButton
          icon="link"
          label={t("editor.tool.link")}
          keys="Mod+K"
          active={state.link}
          run={link.open}
          load={link.load}
        />
      </BubbleMenu>
      {link.dialog}
    </>
  );
}
