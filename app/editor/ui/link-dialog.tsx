import type { Editor } from "@tiptap/react";
import { useState, type ReactNode } from "react";
import { lazyPart } from "~/ui/lazy-part";
import { backToText } from "./back-to-text";
import { PartPending } from "./part-pending";

const linkForm = lazyPart(() => import("./link-form"));

/**
 * The link form for the selected text (./link-form.tsx, loaded on use): `open` shows it, `load` starts its download
 * on intent. If its code cannot be downloaded, it closes and `onFailed` says so; the text is untouched.
 */
export function useLinkDialog(
  editor: Editor,
  onFailed: () => void,
): { open: () => void; load: () => Promise<unknown>; dialog: ReactNode } {
  const [href, setHref] = useState<string | null>(null);
  const close = () => backToText(editor, () => setHref(null));
  const dialog =
    href === null ? null : (
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
    open: () => setHref((editor.getAttributes("link").href as string | undefined) ?? ""),
    load: linkForm.load,
    dialog,
  };
}
