import type { Editor } from "@tiptap/react";
import { useEffect, useRef, useState } from "react";
import { IMAGE_TYPES, useImageUpload } from "~/media/ui/use-upload";
import { useT } from "~/i18n/use-t";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Icon } from "~/ui/icon";
import { Input } from "~/ui/input";
import { Spinner } from "~/ui/spinner";
import { typeZwnjOnShortcut } from "../zwnj";

/** An image's address: a path on this site or an http(s) address, as the front matter's thumbnail takes. */
export function isImageAddress(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value) || /^https?:\/\/[^\s\\]+$/i.test(value);
}

/**
 * Inserts an image: uploaded (picked here, or pasted or dropped into the editor: `file`) or by its address, always
 * with a description for those who cannot see it, unless the writer says it is decorative. Loaded on use
 * (./image-dialog.tsx).
 */
export default function ImageForm({ editor, file, onClose }: { editor: Editor; file?: File; onClose: () => void }) {
  const t = useT();
  const upload = useImageUpload();
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState<{ src?: string; alt?: string }>({});
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const attempt = useRef(0);

  const close = () => {
    attempt.current++;
    onClose();
  };

  const send = async (file: File) => {
    const mine = ++attempt.current;
    setUploading(true);
    setUploadError(null);
    const result = await upload(file, file.name);
    if (mine !== attempt.current) return;
    setUploading(false);
    if (!result.ok) {
      setUploadError(result.message);
      return;
    }
    setSrc(result.data.url);
    setPending(!result.data.published);
    setError((e) => ({ ...e, src: undefined }));
  };

  // A pasted or dropped image file opens the form with its upload under way.
  const sent = useRef<File>(undefined);
  useEffect(() => {
    if (!file || sent.current === file) return;
    sent.current = file;
    void send(file);
  });

  return (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent data-testid="image-dialog" closeLabel={t("editor.cancel")}>
        <DialogHeader>
          <DialogTitle>{t("editor.tool.image")}</DialogTitle>
          <DialogDescription>{t("media.upload.altHint")}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const address = src.trim();
            const problems = {
              src: isImageAddress(address) ? undefined : t("editor.error.image"),
              alt: decorative || alt.trim() ? undefined : t("media.upload.altRequired"),
            };
            setError(problems);
            if (problems.src || problems.alt || uploading) return;
            editor
              .chain()
              .setImage({ src: address, alt: decorative ? "" : alt.trim() })
              .run();
            close();
          }}
        >
          <div className="grid gap-2">
            <input
              ref={fileInput}
              type="file"
              aria-label={t("media.upload.pick")}
              accept={IMAGE_TYPES}
              className="sr-only"
              tabIndex={-1}
              data-testid="image-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void send(file);
              }}
            />
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
              data-testid="image-upload"
            >
              {uploading ? <Spinner /> : <Icon name="cloud-upload" className="size-4" />}
              {uploading ? t("media.upload.uploading") : t("media.upload.pick")}
            </Button>
            {uploadError ? (
              <p role="alert" className="text-sm text-destructive" data-testid="image-upload-error">
                {uploadError}
              </p>
            ) : null}
            {src && !uploading && src.startsWith("/media/") ? (
              <figure className="grid gap-1">
                <img
                  src={src}
                  alt=""
                  className="max-h-48 w-auto justify-self-start rounded border"
                  data-testid="image-preview"
                />
                {pending ? (
                  <figcaption className="text-xs text-muted-foreground">{t("media.upload.pending")}</figcaption>
                ) : null}
              </figure>
            ) : null}
          </div>
          <Field label={t("editor.image.prompt")} hint={t("media.upload.or")} error={error.src}>
            <Input
              value={src}
              onChange={(e) => setSrc(e.target.value)}
              dir="ltr"
              placeholder="/images/…"
              data-testid="image-src"
            />
          </Field>
          <Field label={t("editor.image.alt")} error={error.alt}>
            <Input
              value={alt}
              onChange={(e) => {
                setAlt(e.target.value);
                // The request for a description is answered as soon as there is one.
                if (e.target.value.trim()) setError((current) => ({ ...current, alt: undefined }));
              }}
              dir="auto"
              disabled={decorative}
              onKeyDown={typeZwnjOnShortcut}
              autoFocus
              data-testid="image-alt"
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={decorative}
              onChange={(e) => {
                setDecorative(e.target.checked);
                if (e.target.checked) setError((current) => ({ ...current, alt: undefined }));
              }}
              className="size-4 accent-primary"
              data-testid="image-decorative"
            />
            {t("media.upload.decorative")}
          </label>
          {/* The dialog scrolls within the screen (a phone, its keyboard open); the button stays in sight. */}
          <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t bg-background px-6 py-4">
            <Button type="submit" disabled={uploading} data-testid="image-insert">
              {t("editor.image.insert")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
