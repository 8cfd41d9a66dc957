import type { Editor } from "@tiptap/react";
import { useEffect, useState, type ReactNode } from "react";
import { lazyPart } from "~/ui/lazy-part";
import { backToText } from "./back-to-text";
import { PartPending } from "./part-pending";

/** The event the editor sends itself when an image file is pasted or dropped into it (see rich-editor.tsx). */
export const IMAGE_FILE_EVENT = "daftar:image-file";

const imageForm = lazyPart(() => import("./image-form"));

/**
 * The image form (./image-form.tsx, loaded on use): `open` shows it, `load` starts its download on intent, and an
 * image file pasted or dropped into the editor opens it with that file's upload under way. If its code cannot be
 * downloaded, it closes and `onFailed` says so; the text is untouched. Without an editor yet (its toolbar shown
 * before it is made), `open` does nothing.
 */
export function useImageDialog(
  editor: Editor | null,
  onFailed: () => void,
): { open: () => void; load: () => Promise<unknown>; dialog: ReactNode } {
  // The file to upload first (pasted or dropped), in a box: the same file dropped twice is two openings.
  const [opened, setOpened] = useState<{ file?: File } | null>(null);

  useEffect(() => {
    if (!editor) return;
    const dom = editor.view.dom;
    const onFile = (event: Event) => setOpened({ file: (event as CustomEvent<File>).detail });
    dom.addEventListener(IMAGE_FILE_EVENT, onFile);
    return () => dom.removeEventListener(IMAGE_FILE_EVENT, onFile);
  }, [editor]);

  const dialog =
    opened && editor ? (
      <imageForm.Part
        editor={editor}
        file={opened.file}
        onClose={() => backToText(editor, () => setOpened(null))}
        fallback={<PartPending />}
        onFailed={() => {
          setOpened(null);
          onFailed();
        }}
      />
    ) : null;
  return { open: () => editor && setOpened({}), load: imageForm.load, dialog };
}
