import type { Editor } from "@tiptap/react";
import { useState, type ReactNode } from "react";
import { lazyPart } from "~/ui/lazy-part";
import { backToText } from "./back-to-text";
import { PartPending } from "./part-pending";

const linkForm = lazyPart(() => import("./link-form"));

/**
 * The link form for the selected text (./link-form.tsx, loaded on use): `open` shows it, `load` starts its download
 * on intent. If its code cannot be downloaded, it closes and `onFailed` says so; the text is untouched. Without an
 * editor yet (its toolbar shown before it is made), `open` does nothing.
 */
export function useLinkDialog(
  editor: Editor | null,
  onFailed: () => void,
): { open: () => void; load: () => Promise<unknown>; dialog: ReactNode } {
  const [href, setHref] = useState<string | null>(null);
  const close = () => (editor ? backToText(editor, () => setHref(null)) : setHref(null));
  const dialog =
    href === null || !editor ? null : (
      <linkForm.Part
        editor={editor}
        initial={href}
        onClose={close}
        fallback={<PartPending />}
        onFailed={() => {
          close();
          onFailed();
        }}
      />
    );
  return {
    open: () => editor && setHref((editor.getAttributes("link").href as string | undefined) ?? ""),
    load: linkForm.load,
    dialog,
  };
}
