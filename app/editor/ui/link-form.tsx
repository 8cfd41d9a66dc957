import type { Editor } from "@tiptap/react";
import { useState } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";

/** Addresses a link may have: this site's paths, in-page anchors, http(s) and mail; never script or data. */
export function isSafeHref(href: string): boolean {
  return /^(\/(?![/\\])|#|https?:\/\/|mailto:)/i.test(href.trim());
}

/**
 * The link form for the selected text: set, change or remove its address. With nothing selected it also asks for
 * the link's text, and the address is its text when that is left empty. Loaded on use (./link-dialog.tsx).
 */
export default function LinkForm({
  editor,
  initial,
  onClose,
}: {
  editor: Editor;
  initial: string;
  onClose: () => void;
}) {
  const t = useT();
  const [href, setHref] = useState(initial);
  const [text, setText] = useState("");
  // Read once, as the form opens: applying the link changes the selection.
  const [insertsText] = useState(() => editor.state.selection.empty && !editor.isActive("link"));
  const [error, setError] = useState(false);
  const apply = () => {
    const value = href.trim();
    if (value === "") {
      editor.chain().extendMarkRange("link").unsetLink().run();
      onClose();
      return;
    }
    if (!isSafeHref(value)) {
      setError(true);
      return;
    }
    if (insertsText) {
      const shown = text.trim() || value;
      editor
        .chain()
        .insertContent({ type: "text", text: shown, marks: [{ type: "link", attrs: { href: value } }] })
        // What is typed next is not part of the link.
        .unsetMark("link")
        .run();
    } else {
      editor.chain().extendMarkRange("link").setLink({ href: value }).run();
    }
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="link-dialog" closeLabel={t("editor.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("editor.tool.link")}</DialogTitle>
          <DialogDescription className="sr-only">{t("editor.link.prompt")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Field label={t("editor.link.prompt")} error={error ? t("editor.error.link") : undefined}>
            <Input
              value={href}
              onChange={(event) => setHref(event.target.value)}
              dir="ltr"
              autoFocus
              inputMode="url"
              placeholder="https://"
              data-testid="link-href"
            />
          </Field>
          {insertsText ? (
            <Field label={t("editor.link.text")} hint={t("editor.link.textHint")}>
              <Input
                value={text}
                onChange={(event) => setText(event.target.value)}
                dir="auto"
                data-testid="link-text"
              />
            </Field>
          ) : null}
          <DialogFooter>
            {editor.isActive("link") ? (
              <Button
                variant="outline"
                onClick={() => {
                  editor.chain().extendMarkRange("link").unsetLink().run();
                  onClose();
                }}
              >
                {t("editor.tool.unlink")}
              </Button>
            ) : null}
            <Button type="submit" data-testid="link-apply">
              {t("editor.link.apply")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
