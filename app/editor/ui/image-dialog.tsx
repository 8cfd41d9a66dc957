import type { Editor } from "@tiptap/react";
import { useState, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { typeZwnjOnShortcut } from "../zwnj";

/** An image's address: a path on this site or an http(s) address, as the front matter's thumbnail takes. */
export function isImageAddress(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https?:\/\/[^\s\\]+$/i.test(value);
}

/** Inserts an image by its address, with a description for those who cannot see it. */
export function useImageDialog(editor: Editor): { open: () => void; dialog: ReactNode } {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState(false);
  const close = () => {
    setOpen(false);
    setSrc("");
    setAlt("");
    setError(false);
  };
  const dialog = open ? (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent data-testid="image-dialog" closeLabel={t("editor.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("editor.tool.image")}</DialogTitle>
          <DialogDescription className="sr-only">{t("editor.image.prompt")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isImageAddress(src.trim())) {
              setError(true);
              return;
            }
            editor.chain().focus().setImage({ src: src.trim(), alt: alt.trim() }).run();
            close();
          }}
        >
          <Field label={t("editor.image.prompt")} error={error ? t("editor.error.image") : undefined}>
            <Input value={src} onChange={(e) => setSrc(e.target.value)} dir="ltr" autoFocus placeholder="/images/…" />
          </Field>
          <Field label={t("editor.image.alt")}>
            <Input value={alt} onChange={(e) => setAlt(e.target.value)} dir="auto" onKeyDown={typeZwnjOnShortcut} />
          </Field>
          <DialogFooter>
            <Button type="submit">{t("editor.image.insert")}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  ) : null;
  return { open: () => setOpen(true), dialog };
}
